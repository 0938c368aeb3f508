// PLACEHOLDER until main's generated table ("Operation tables") is merged; main's file replaces it.
export const CLIENT_POLICY = {
  retry: { initialDelayMs: 500, multiplier: 2, maxDelayMs: 8_000, jitter: 0.25 },
  maxServerWaitMs: 60_000,
  earliestResetTimestampMs: 1_704_067_200_000,
  errorExcerptLength: 500,
} as const;
