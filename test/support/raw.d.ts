// `import text from './file.md?raw'`: Vite inlines the file's text when it transforms the test, so
// tests in workerd can check documentation without reading files at run time.
declare module '*?raw' {
  const text: string;
  export default text;
}
