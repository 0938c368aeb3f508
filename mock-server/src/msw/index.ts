export {
  type CreateHandlersOptions,
  createHandlers,
  DEFAULT_MSW_BASE_URL,
  type RankquillHandlers,
} from './create-handlers';
