/**
 * `.xml` → XML, `.js` → JSON (docs/contract.md "The shape of the service", 4); no suffix → the HTML page of the
 * resource (docs/contract.md: the same URL without a suffix was its web page).
 */
export type Format = 'xml' | 'js' | 'html';
