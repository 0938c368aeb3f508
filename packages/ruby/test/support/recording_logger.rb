# frozen_string_literal: true

# A logger that keeps its lines ("info ...", "warn ..."), for tests that read what a client logged.
#
# Example:
#   logger = RecordingLogger.new
#   Rankquill::Client.new(api_key: key, logger: logger)
#   logger.lines.grep(/Retrying/)
class RecordingLogger
  attr_reader :lines

  def initialize
    @lines = []
  end

  def info(message) = @lines << "info #{message}"
  def warn(message) = @lines << "warn #{message}"
end
