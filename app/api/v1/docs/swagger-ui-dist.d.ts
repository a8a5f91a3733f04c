// swagger-ui-dist ships no types; this is the one function used from it.
declare module "swagger-ui-dist/absolute-path.js" {
  /** The installed package's directory (its static files are in it). */
  export default function getAbsoluteFSPath(): string;
}
