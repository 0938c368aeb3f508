/**
 * MSW handlers backed by the same engine as the reference server.
 *
 * @module @rankquill/mock-server/msw
 */
export {
  type CreateHandlersOptions,
  createHandlers,
  DEFAULT_MSW_BASE_URL,
  type RankquillHandlers,
} from './create-handlers';
