// The home page's illustration: a server rack under a cloud, with a shield and
// an uptime line, in the style and colours of the six animated illustrations
// (scripts/animations.ts). Inline SVG, drawn with the page: no request, and
// never the Largest Contentful Paint (inline SVG shapes are not candidates).
// Decorative: the text beside it says everything.
export function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 320 240" width="320" height="240" aria-hidden="true" focusable="false">
      <rect x="30" y="212" width="260" height="8" rx="4" fill="#dbeafe" />
      {[112, 142, 172].map((y) => (
        <g key={y}>
          <rect x="90" y={y} width="140" height="24" rx="6" fill="#1d4ed8" />
          <circle cx="108" cy={y + 12} r="4" fill="#16a34a" />
          <rect x="190" y={y + 9} width="28" height="6" rx="3" fill="#60a5fa" />
        </g>
      ))}
      <g fill="#60a5fa">
        <circle cx="135" cy="62" r="24" />
        <circle cx="166" cy="52" r="30" />
        <circle cx="196" cy="66" r="20" />
        <rect x="120" y="62" width="90" height="24" rx="12" />
      </g>
      <path d="M262 92 242 100v14c0 12 8 20 20 23 12-3 20-11 20-23v-14z" fill="#16a34a" />
      <path d="m253 115 6 6 12-12" fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M24 150h18l8-18 12 36 8-18h18" fill="none" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
