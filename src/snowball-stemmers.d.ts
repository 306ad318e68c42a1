/** Types of the npm package `snowball-stemmers` (it ships none): only what src/snapshot/stemmers.ts uses. */
declare module 'snowball-stemmers' {
  export interface SnowballStemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): SnowballStemmer;
  export function algorithms(): string[];
}
