/** A bundled font file is its URL (webpack asset/resource). */
declare module '*.woff2' {
  const url: string;
  export default url;
}
