// The light Lottie player (SVG renderer only, no expressions, so no eval) has
// the same API as the full package, whose types it shares.
declare module 'lottie-web/build/player/lottie_light.js' {
  import lottie from 'lottie-web';
  export default lottie;
}
