/** A stylesheet imported as its text (Vite's `?inline`). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
