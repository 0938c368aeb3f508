export {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
} from './api-error';
export { APIConnectionError, APIConnectionTimeoutError } from './connection-errors';
export { PublicArticlesError } from './public-articles-error';
