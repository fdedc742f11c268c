/** The coin of the shop and the balance: a decorative disc, named by the text beside it. */
export function CoinIcon({ size = 20 }: { size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="10" fill="#f5b301" stroke="#b07d00" strokeWidth="1.5" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#b07d00" strokeWidth="1.2" />
      <path
        d="M12 8.5v7M10 10h3.2a1.3 1.3 0 0 1 0 2.6H10.8a1.3 1.3 0 0 0 0 2.6H14"
        fill="none"
        stroke="#7a5600"
        strokeWidth="1.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
