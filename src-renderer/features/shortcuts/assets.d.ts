/** Vite turns an imported image into its URL (a data: URL when small). */
declare module '*.png' {
  const url: string
  export default url
}
