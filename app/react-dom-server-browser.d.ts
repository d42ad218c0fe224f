/** `react-dom/server.browser`, a public entry of react-dom 18 that @types/react-dom does not name: the web-stream renderer (app/entry.server.tsx). */
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
