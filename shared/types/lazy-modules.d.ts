// The URLs of the modules the browser loads only when it needs them (the
// Lottie player, the site search, the consent bar's behaviour and the tag manager's loading), each built apart as one standalone file by
// scripts/build.ts and written into the client bundle with esbuild's `define`.
// Only code that runs in the browser may read them.
declare const LOTTIE_PLAYER_URL: string;
declare const SEARCH_ENGINE_URL: string;
declare const ANALYTICS_URL: string;
