// The Element Timing API's attribute (https://w3c.github.io/element-timing/), which React passes to
// the DOM as written but its types do not list. It marks a screen's own content, whose paint
// bench/member-timing.bench.ts reads; it changes nothing a member sees.
import "react";

declare module "react" {
  // Merged into React's declaration, whose type parameter it must repeat by name.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
