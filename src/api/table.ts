/**
 * The route table as its importers read it, from the modules that define it: ROUTES, every
 * operation the service answers (./routes/, a file per tag), the shape of an operation
 * (./operation.ts) and what is computed from the table (./route-paths.ts).
 */
export { ROUTES } from './routes';
export { TAGS, type Operation, type Param } from './operation';
export {
  accessOf,
  getOperationOf,
  honoPath,
  isPersonalPath,
  isReadKeyOperation,
  isReadKeyRoute,
  LIMITED_EVERY_REQUEST,
  PERSONAL_PREFIXES,
  PERSONAL_ROUTES,
  PUBLIC_PATHS,
  queryParamNames,
  rateLimitOf,
  readsOthersPath,
  repeatedParameter,
  ROUTE_METHODS,
  SEEDED_READ_PATHS,
  SNAPSHOT_READ_PATHS,
} from './route-paths';
