/** The mall's icons: small inline SVGs, decorative (aria-hidden); the control carries the name. */
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="icon" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const BackIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
);

export const HomeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 11l8-6.5 8 6.5" />
    <path d="M6.5 9.5V19h4v-5h3v5h4V9.5" />
  </Svg>
);

export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </Svg>
);

export const TicketIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 7a2 2 0 012-2h12a2 2 0 012 2v2a2.5 2.5 0 000 5v2a2 2 0 01-2 2H6a2 2 0 01-2-2v-2a2.5 2.5 0 000-5z" />
    <path d="M10 8v8" strokeDasharray="1.5 2" />
  </Svg>
);

export const OrderIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="5" y="3.5" width="14" height="17" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Svg>
);

export const PinIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0113 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Svg>
);

export const EditIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 20h4L19 9a2.8 2.8 0 00-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </Svg>
);

export const UserIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20c1.3-3.6 4.2-5.4 7.5-5.4s6.2 1.8 7.5 5.4" />
  </Svg>
);

export const CalendarIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M8 3v4M16 3v4M4 10h16M9 14.5l2 2 4-4" />
  </Svg>
);

export const FlashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M13 3L5 13.5h6L10 21l8-10.5h-6z" />
  </Svg>
);

export const PlaneIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M2.5 13.5 21 6.5c.9-.3 1.6.6 1 1.3l-5.2 6-1 6.5c-.1.7-1 .9-1.4.3l-2.9-4.1-3.7 2.3c-.5.3-1.1-.1-1-.7l.6-3.7-4-.9c-.8-.2-.9-1.2-.1-1.5Z" />
  </Svg>
);

export const CoinIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9 9.5h4.5a1.8 1.8 0 010 3.6H9h5a1.8 1.8 0 010 3.6H9M11 7.5v2M11 16.7v2" />
  </Svg>
);

export const AlertIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Svg>
);

export const CompassIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </Svg>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 5l7 7-7 7" />
  </Svg>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);

export const SortIcon = ({ direction, ...props }: IconProps & { direction?: "asc" | "desc" }) => (
  <Svg {...props}>
    <path d="M8 5v14M8 5l-3 3M8 5l3 3" opacity={direction === "desc" ? 0.35 : 1} />
    <path d="M16 19V5M16 19l-3-3M16 19l3-3" opacity={direction === "asc" ? 0.35 : 1} />
  </Svg>
);

export const FilterIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Svg>
);

export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12M10.5 11v5M13.5 11v5" />
  </Svg>
);

export const PhoneIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6.5 4h3l1.5 4-2 1.3a11 11 0 005.7 5.7L16 13l4 1.5v3A2 2 0 0118 19.5 15.5 15.5 0 014.5 6 2 2 0 016.5 4z" />
  </Svg>
);

export const ClockIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);

export const WifiIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3.5 9a12.5 12.5 0 0117 0M6.5 12.2a8 8 0 0111 0M9.5 15.3a3.6 3.6 0 015 0" />
    <circle cx="12" cy="18.5" r="0.8" fill="currentColor" />
  </Svg>
);

export const ParkingIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M10 17V8h3a2.5 2.5 0 010 5h-3" />
  </Svg>
);

export const StoreIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 9l1.5-4.5h13L20 9M4 9h16M4 9a2.7 2.7 0 005.3 0 2.7 2.7 0 005.4 0A2.7 2.7 0 0020 9M5.5 11.5V20h13v-8.5M10 20v-4.5h4V20" />
  </Svg>
);

export const OilIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 4s5 5.8 5 9.5a5 5 0 01-10 0C7 9.8 12 4 12 4z" />
  </Svg>
);

/** Category pictograms, by the catalog's icon names. */
export const MinusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6 12h12" />
  </Svg>
);

export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 6v12M6 12h12" />
  </Svg>
);

export const ShareIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 15V4M8 8l4-4 4 4" />
    <path d="M6 12v6a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-6" />
  </Svg>
);

export const LikeIcon = (props: IconProps & { filled?: boolean }) => {
  const { filled, ...rest } = props;
  return (
    <Svg {...rest}>
      <path d="M7 10v10H4V10h3zM7 10l4-7a2 2 0 0 1 2.6 2.4L12.8 9H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 20H7" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
};

export const StarIcon = (props: IconProps & { filled?: boolean }) => {
  const { filled, ...rest } = props;
  return (
    <Svg {...rest}>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5z" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
};

export const CheckCircleIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </Svg>
);

export const CrossCircleIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </Svg>
);

export const HelpIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" />
    <path d="M12 17h.01" />
  </Svg>
);

/** A scanner's frame with its reading line: scan a QR code. */
export const ScanIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 8V6a2 2 0 012-2h2M16 4h2a2 2 0 012 2v2M20 16v2a2 2 0 01-2 2h-2M8 20H6a2 2 0 01-2-2v-2" />
    <path d="M4 12h16" />
  </Svg>
);

export function CategoryIcon({ name, ...props }: IconProps & { name: string }) {
  switch (name) {
    case "food":
      return (
        <Svg {...props}>
          <path d="M4 12h16a8 8 0 01-16 0zM9 4l1.5 6M14 4l-1 6" />
        </Svg>
      );
    case "coffee":
      return (
        <Svg {...props}>
          <path d="M5 9h11v5a5 5 0 01-5 5h-1a5 5 0 01-5-5zM16 10.5h1.5a2.2 2.2 0 010 4.4H16M8 3.5c0 1.5 1 1.5 1 3M11.5 3.5c0 1.5 1 1.5 1 3" />
        </Svg>
      );
    case "grocery":
      return (
        <Svg {...props}>
          <path d="M4 9h16l-1.6 10H5.6zM8.5 9l2-5M15.5 9l-2-5M9 13v3M12 13v3M15 13v3" />
        </Svg>
      );
    case "beauty":
      return (
        <Svg {...props}>
          <path d="M12 20c-5 0-7-3.5-7-7 4 0 7 2 7 7zM12 20c5 0 7-3.5 7-7-4 0-7 2-7 7zM12 14c-2-2.5-2-6 0-10 2 4 2 7.5 0 10z" />
        </Svg>
      );
    case "leisure":
      return (
        <Svg {...props}>
          <path d="M4 8.5V6h16v2.5a2.5 2.5 0 000 5V18H4v-4.5a2.5 2.5 0 000-5zM12 9.2l.9 1.8 2 .3-1.4 1.4.3 2-1.8-1-1.8 1 .3-2-1.4-1.4 2-.3z" />
        </Svg>
      );
    case "hotel":
      return (
        <Svg {...props}>
          <path d="M3.5 18V7M3.5 14h17v4M20.5 14v-2.5a3 3 0 00-3-3H11v5.5" />
          <circle cx="7.3" cy="11" r="1.8" />
        </Svg>
      );
    case "services":
      return (
        <Svg {...props}>
          <path d="M14.5 5.5a4 4 0 00-5.2 5.1L4.5 15.4a1.7 1.7 0 002.4 2.4l4.8-4.8a4 4 0 005.1-5.2l-2.4 2.4-2.3-.6-.6-2.3z" />
        </Svg>
      );
    default:
      return (
        <Svg {...props}>
          <path d="M5.5 8.5h13l-1 11h-11zM9 10V7a3 3 0 016 0v3" />
        </Svg>
      );
  }
}
