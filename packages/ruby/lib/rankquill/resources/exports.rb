# frozen_string_literal: true

module Rankquill
  module Resources
    # Asynchronous bulk exports of a project: JSON, a ZIP of CSVs or a PDF report, made in the
    # background and downloaded through a signed URL that needs no API key.
    # @example
    #   export = client.exports.create_and_wait("proj_123", types: %w[content], format: "json")
    #   client.exports.download(export, to: "export.json")
    class Exports < APIResource
      DEFAULT_POLL_INTERVAL = Generated::ClientPolicy::POLLING_EXPORT_INTERVAL_SECONDS
      DEFAULT_WAIT_TIMEOUT = Generated::ClientPolicy::POLLING_WAIT_TIMEOUT_SECONDS

      # Starts a bulk export; it answers at once with status "pending".
      # @param types [Array<String>] any of "content", "keywords", "ai-visibility"
      # @param format [String] "json", "csv" (a ZIP of CSVs) or "pdf"
      # @param date_range [Hash, nil] `{from: "YYYY-MM-DD", to: "YYYY-MM-DD"}`
      # @return [Models::BulkExport]
      # @example
      #   client.exports.create("proj_123", types: ["content", "keywords"], format: "csv",
      #                         date_range: { from: "2026-01-01", to: "2026-01-31" })
      def create(project_id, types:, format:, date_range: nil, request_options: nil)
        call("exports.create", [project_id], Models::BulkExport,
             body: compact(types: types, format: format, date_range: date_range), request_options: request_options)
      end

      # Gets a bulk export; a ready one carries a freshly signed download_url.
      # @return [Models::BulkExport]
      # @example
      #   client.exports.retrieve("proj_123", "exp_456").status # => "ready"
      def retrieve(project_id, export_id, request_options: nil)
        call("exports.retrieve", [project_id, export_id], Models::BulkExport, request_options: request_options)
      end

      # Starts a bulk export and polls every `poll_interval` seconds until it is no longer pending
      # or processing: "ready" (download it) or "failed" (see failure_reason). Raises
      # WaitTimeoutError when `wait_timeout` seconds run out first.
      # @return [Models::BulkExport]
      # @example
      #   export = client.exports.create_and_wait("proj_123", types: ["content"], format: "json")
      #   client.exports.download(export, to: "export.json") if export.status == "ready"
      def create_and_wait(project_id, types:, format:, date_range: nil, poll_interval: DEFAULT_POLL_INTERVAL,
                          wait_timeout: DEFAULT_WAIT_TIMEOUT, request_options: nil)
        started = monotonic
        current = create(project_id, types: types, format: format, date_range: date_range,
                                     request_options: request_options)
        poll_options = request_options&.reject { |name, _| name == :idempotency_key }
        while %w[pending processing].include?(current.status)
          remaining = wait_timeout - (monotonic - started)
          raise WaitTimeoutError.new(current.id, monotonic - started, current.status) if remaining <= 0

          sleep([poll_interval, remaining].min)
          current = retrieve(project_id, current.id, request_options: poll_options)
        end
        current
      end

      # Downloads the file of a ready export (the export, or its download_url) without the API
      # key: the URL carries a signed token. Streams to `to` (an IO or a path), to the block, or
      # reads it whole. A link past its hour raises AuthenticationError: retrieve the export again.
      # @return [ExportFile]
      # @example
      #   export = client.exports.create_and_wait("proj_123", types: ["content"], format: "pdf")
      #   client.exports.download(export, to: "report.pdf")
      def download(export_or_url, to: nil, request_options: nil, &block)
        url = export_or_url.is_a?(String) ? export_or_url : ready_url(export_or_url)
        # The signed URL holds the path and its token: the operation gives only the method.
        file_call("exports.download", [], url: absolute_url(url), to: to, authenticated: false,
                                          request_options: request_options, &block)
      end

      private

      def ready_url(export)
        return export.download_url if export.status == "ready" && export.download_url

        raise Error, "Export #{export.id} is #{export.status}, not ready: wait for it with " \
                     "exports.create_and_wait or retrieve it until its status is \"ready\"."
      end

      # A download URL given as a path (the server did not know its own address) lives beside /v1.
      def absolute_url(url)
        return url if url.match?(%r{\Ahttps?://}i)

        unless url.start_with?("/")
          raise ArgumentError,
                "download needs an export or its download_url, got #{url.inspect}."
        end

        @transport.base_url.delete_suffix(Generated::ClientPolicy::BASE_PATHS_API) + url
      end
    end
  end
end
