/**
 * A screen's own heading band (the `hero` variant of app/components/screen-header.tsx), its back at
 * the start of the title row: apart from the frame's header, so that only the screens that draw one
 * load it.
 */
import type { ReactNode } from "react";
import { BackButton } from "./screen-header";

interface HeroProps {
  tone: "brand" | "plain";
  /** The heading's id: the band is the section it names. */
  titleId: string;
  title: ReactNode;
  /** Element Timing's name for the heading, where a bench waits for it (app/element-timing.d.ts). */
  titleTiming?: string;
  /** Under the title: the screen's one-line lead. */
  lead?: ReactNode;
  /** Before the title: the merchant's logo, the offer's picture, an icon. */
  art?: ReactNode;
  /** At the row's end: a count, a badge. */
  end?: ReactNode;
  /** Below the title row, inside the band: the screen's figures and actions. */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A screen's own heading band, its back at the start (drawn by the screen: see the file's comment). */
export function ScreenHero({ tone, titleId, title, titleTiming, lead, art, end, children, className, testId }: HeroProps) {
  return (
    <section className={`screen-hero screen-hero--${tone}${className ? ` ${className}` : ""}`} aria-labelledby={titleId} data-testid={testId}>
      <div className="screen-hero__row">
        <BackButton tone={tone} />
        {art ? <div className="screen-hero__art">{art}</div> : null}
        <div className="screen-hero__heading">
          <h1 id={titleId} className="screen-hero__title" data-key-fact="title" elementtiming={titleTiming}>
            {title}
          </h1>
          {lead ? <div className="screen-hero__lead">{lead}</div> : null}
        </div>
        {end ? <div className="screen-hero__end">{end}</div> : null}
      </div>
      {children ? <div className="screen-hero__body">{children}</div> : null}
    </section>
  );
}
