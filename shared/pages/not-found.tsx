// Answered with status 404 for every path no route matches.
export default function NotFoundPage() {
  return (
    <div className="not-found">
      <div className="container not-found-inner">
        <svg className="not-found-art" viewBox="0 0 320 140" role="img" aria-labelledby="not-found-art-title">
          <title id="not-found-art-title">404</title>
          <text x="50%" y="112" textAnchor="middle" className="not-found-digits">
            404
          </text>
          <path d="M40 128h240" className="not-found-line" />
        </svg>
        <h1>Oops! Page Not Found</h1>
        <p>The page you are looking for is not here, but there is plenty more to explore.</p>
        <a className="button" href="/">
          GO BACK HOME
        </a>
      </div>
    </div>
  );
}
