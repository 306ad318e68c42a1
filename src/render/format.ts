/**
 * `.xml` → XML, `.js` → JSON (spec "What the service does", 4); no suffix → the HTML page of the
 * resource (original-service.md "Conventions": the same URL without a suffix was its web page).
 */
export type Format = 'xml' | 'js' | 'html';
