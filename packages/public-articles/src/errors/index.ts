export {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
} from './api-error';
export { APIConnectionError, APIConnectionTimeoutError, CrossOriginRedirectError } from './connection-errors';
export { PublicArticlesError } from './public-articles-error';
