# frozen_string_literal: true

require "uri"

module Rankquill
  module Internal
    # An answer that shows `base_url` is not the API's address: a redirect (the reference server's
    # root sends the dashboard's sign-in page), an HTML page, or a 404 from an address whose path
    # is not the API's. A 404 under the API's path is a resource that does not exist, and an HTML
    # answer there an export or a proxy's error page: neither is a wrong address.
    module WrongAddress
      # Where each API lives on its server, by the service name the transport is given.
      API_PATHS = { "Rankquill API" => "/v1", "Rankquill public article API" => "/public-article-api" }.freeze

      module_function

      # The message naming the address given and the right one, or nil for any other answer.
      # @param headers [Hash{String => String}] lower-case names
      def message(status, headers, base_url, service)
        api_path = API_PATHS.fetch(service, "/v1")
        base = URI(base_url)
        off_path = !base.path.chomp("/").end_with?(api_path)
        redirect = status.between?(300, 399)
        html = headers.fetch("content-type", "").downcase.start_with?("text/html")
        return nil unless redirect || (off_path && (html || status == 404))

        "base_url #{base_url} answered #{status} (#{answered(redirect, html, headers["location"])}): it is not " \
          "the address of the #{service}, which lives under #{api_path}; #{fix(base, off_path, api_path)}."
      end

      def answered(redirect, html, location)
        return location ? "a redirect to #{location}" : "a redirect" if redirect

        html ? "an HTML page" : "404 Not Found"
      end

      def fix(base, off_path, api_path)
        return "set base_url to #{base.scheme}://#{base.host}:#{base.port}#{api_path}" if off_path

        "check the host and port (on the reference server: its ready line's address, ending in #{api_path})"
      end
    end
  end
end
