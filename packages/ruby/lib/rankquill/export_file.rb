# frozen_string_literal: true

module Rankquill
  # A file the API streamed: an export or a bulk export's download. With `to:` (an IO or a path)
  # or a block, the bytes went there as they arrived and `body` is nil; otherwise `body` holds
  # them.
  #
  # @example
  #   file = client.content.export("proj_123", format: "csv", to: "content.csv")
  #   file.filename # => "acme-content-2026-01-31.csv"
  #   file.size     # bytes written
  class ExportFile
    # @return [String, nil] the name the server suggests (Content-Disposition)
    attr_reader :filename
    # @return [String, nil] the media type, such as "text/csv"
    attr_reader :content_type
    # @return [Integer] the HTTP status
    attr_reader :status
    # @return [Hash{String => String}] the answer's headers, names in lower case
    attr_reader :headers
    # @return [String, nil] the bytes, when they were not streamed elsewhere
    attr_reader :body
    # @return [Integer] the number of bytes received
    attr_reader :size

    # @api private
    def initialize(status:, headers:, body:, size:)
      @status = status
      @headers = headers
      @body = body
      @size = size
      @filename = self.class.filename_of(headers["content-disposition"])
      @content_type = headers["content-type"]&.split(";")&.first&.strip
    end

    # The body as UTF-8 text.
    # @example
    #   client.content.export("proj_123", format: "markdown").text.lines.first # => "# Cold brew ratio\n"
    def text
      raise Error, "The file was streamed to its destination; read it from there." if body.nil?

      body.dup.force_encoding(Encoding::UTF_8)
    end

    # The body parsed as JSON, with Symbol keys.
    # @example
    #   client.ai_visibility.export("proj_123").json[:topics]
    def json
      JSON.parse(text, symbolize_names: true)
    end

    # @return [String, nil] the X-Request-Id of the answer
    # @example
    #   client.content.export("proj_123", format: "csv").request_id # => "req_..."
    def request_id
      headers["x-request-id"]
    end

    def inspect
      "#<#{self.class.name} filename=#{filename.inspect} content_type=#{content_type.inspect} size=#{size}>"
    end

    # The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename=`.
    # @api private
    def self.filename_of(disposition)
      return nil if disposition.nil?

      extended = disposition[/filename\*\s*=\s*UTF-8''([^;]+)/i, 1]
      return URI.decode_www_form_component(extended.strip.gsub("+", "%2B")) if extended

      quoted = disposition[/filename\s*=\s*"((?:[^"\\]|\\.)*)"/i, 1]
      return quoted.gsub(/\\(.)/, '\1') if quoted

      plain = disposition[/filename\s*=\s*([^;\s]+)/i, 1]
      plain unless plain.nil? || plain.empty?
    end
  end
end
