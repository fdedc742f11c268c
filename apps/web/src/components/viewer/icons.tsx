// The viewer's decorative icons: the control beside or around each one carries the label.

/** One chevron turns a page; two go to another episode. */
export function Chevron({ direction, double = false }: { direction: 'left' | 'right'; double?: boolean }) {
  const single = direction === 'left' ? 'M15 5 8 12l7 7' : 'M9 5l7 7-7 7';
  const twice = direction === 'left' ? 'M12 5 5 12l7 7M19 5l-7 7 7 7' : 'M5 5l7 7-7 7M12 5l7 7-7 7';
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none">
      <path
        d={double ? twice : single}
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Aa" over a slider: the reading settings. */
export function SettingsIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="none">
      <path
        d="M3 15 7 4l4 11M4.4 11h5.2M14 9.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zm2.5-1v6.5M3 20h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
