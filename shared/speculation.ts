// Speculation rules: browsers that support them prefetch a same-site page as
// soon as the visitor shows intent (hover or touch start), so the next page
// load is instant. The rules are an inline script; the server allows exactly
// this text by its hash in the Content-Security-Policy (server/security.ts).
export const speculationRules = JSON.stringify({
  prefetch: [{ where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/assets/*' } }] }, eagerness: 'moderate' }],
});
