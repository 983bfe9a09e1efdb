// The URLs of the modules the islands load only when they need them (the
// Lottie player, the site search), each built apart as one standalone file by
// scripts/build.ts and written into the island modules with esbuild's `define`.
// Only code that runs in the browser may read them.
declare const LOTTIE_PLAYER_URL: string;
declare const SEARCH_ENGINE_URL: string;
