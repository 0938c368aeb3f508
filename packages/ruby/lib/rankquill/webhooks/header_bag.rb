# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Reads request headers from whatever a framework hands over, so that `Receiver#handle` takes
    # them as they come: a Hash of plain names in any case ("X-Service-Key", "x-service-key"), a
    # Rack env or any Hash of CGI names ("HTTP_X_SERVICE_KEY", "CONTENT_TYPE", "CONTENT_LENGTH"),
    # values that are arrays (the first counts), and objects that carry a Rack env: Rails'
    # `request.headers` (ActionDispatch::Http::Headers), `Rack::Request`, `Sinatra::Request`,
    # `ActionDispatch::Request`.
    #
    # @example
    #   Rankquill::Webhooks::HeaderBag.normalize("HTTP_X_SERVICE_KEY" => "s", "Webhook-Id" => ["msg_1"])
    #   # => {"x-service-key" => "s", "webhook-id" => "msg_1"}
    module HeaderBag
      # CGI names that carry a header without the HTTP_ prefix.
      CGI_HEADERS = { "CONTENT_TYPE" => "content-type", "CONTENT_LENGTH" => "content-length" }.freeze

      module_function

      # @param bag [Hash, #env, #each] the request's headers in any of the forms above
      # @return [Hash{String => String}] lower-case, dash-separated names; the first value of each
      # @example
      #   Rankquill::Webhooks::HeaderBag.normalize("HTTP_X_SERVICE_KEY" => "secret") # => {"x-service-key" => "secret"}
      def normalize(bag)
        headers = {}
        pairs(bag).each do |name, value|
          value = value.first if value.is_a?(Array)
          next unless value.is_a?(String) || value.is_a?(Symbol) || value.is_a?(Integer)

          headers[header_name(name.to_s)] ||= value.to_s
        end
        headers
      end

      # @api private
      def pairs(bag)
        # Rails' request.headers, Rack::Request and its subclasses expose the Rack env whole.
        env = bag.env if !bag.is_a?(Hash) && bag.respond_to?(:env)
        return env if env.is_a?(Hash)
        return bag if bag.respond_to?(:each_pair)
        return bag.to_h if bag.respond_to?(:to_h)

        raise ArgumentError, "headers must be a Hash, a Rack env or a request object (Rack::Request, Rails' " \
                             "request.headers), got #{bag.class}."
      end

      # @api private
      def header_name(name)
        return name.delete_prefix("HTTP_").downcase.tr("_", "-") if name.start_with?("HTTP_")

        CGI_HEADERS.fetch(name, name.downcase)
      end
    end
  end
end
