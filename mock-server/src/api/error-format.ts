import { MAX_REQUEST_BODY_BYTES, PUBLIC_ARTICLE_ERRORS } from '@rankquill/contract';
import { PublicArticleApiError, ServiceError } from '../engine/index';
import { json } from './answers';
import type { ApiResponse, BodyError } from './api-types';

/**
 * The error format of each API: `{"error": {type, message, param?, request_id}}` on the main API,
 * `{"success": false, "error"}` with the spec's messages on the public article API.
 */
/** A body the adapter could not read is the client's mistake: a 4xx whatever its parser said. */
export function unreadableBody({ status, reason }: BodyError): ServiceError {
  const message =
    status === 413
      ? `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes.`
      : `The request body could not be read: ${reason}.`;
  return new ServiceError('invalid_request_error', status >= 400 && status < 500 ? status : 400, message);
}

export function errorBody(error: ServiceError, requestId: string) {
  return {
    error: {
      type: error.type,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      request_id: requestId,
    },
  };
}

export function errorResponse(error: unknown, requestId: string, isPublicApi: boolean): ApiResponse {
  let response: ApiResponse;
  if (error instanceof PublicArticleApiError) {
    response = json(error.status, { success: false, error: error.message });
  } else if (isPublicApi) {
    const status = error instanceof ServiceError ? error.status : 500;
    const message = error instanceof ServiceError ? error.message : PUBLIC_ARTICLE_ERRORS.internal;
    response = json(status, { success: false, error: message });
  } else if (error instanceof ServiceError) {
    response = json(error.status, errorBody(error, requestId));
  } else {
    response = json(500, {
      error: {
        type: 'api_error',
        message: 'Internal server error. Retry later; if it persists, report the request id.',
        request_id: requestId,
      },
    });
  }
  response.headers['x-request-id'] = requestId;
  return response;
}
