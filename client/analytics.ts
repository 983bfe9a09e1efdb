// The tag manager, only when the operator configured one and the visitor's
// browser does not ask for privacy (Global Privacy Control).
export function startAnalytics(gtmId: string | undefined): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (!gtmId || nav.globalPrivacyControl === true) return;
  const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}
