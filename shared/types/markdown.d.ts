// Markdown copy, compiled at build time into data by scripts/markdown-content.ts
// (esbuild for the server, vite for the tests, a module hook for scripts run
// with tsx). The file's suffix says which schema it is held to.
declare module '*.legal.md' {
  const document: import('../content/markdown.js').LegalMarkdown;
  export default document;
}

declare module '*.faq.md' {
  const document: import('../content/markdown.js').FaqMarkdown;
  export default document;
}

declare module '*.shared.md' {
  const document: import('../content/markdown.js').SharedMarkdown;
  export default document;
}

declare module '*.page.md' {
  const document: import('../content/markdown.js').PageMarkdown;
  export default document;
}
