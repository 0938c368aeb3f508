# frozen_string_literal: true

require "uri"

module Rankquill
  module Internal
    # An answer that shows `base_url` is not the API's address: a redirect (the reference server's
    # root sends the dashboard's sign-in page), an HTML page, or a 404 from an address whose path
    # is not the API's. A 404 under the API's path is a resource that does not exist, and an HTML
    # answer there an export or a proxy's error page: neither is a wrong address.
    module WrongAddress
      # Where each API lives on its server, by the operations' base; the server's root has none.
      API_PATHS = {
        "api" => Generated::ClientPolicy::BASE_PATHS_API,
        "public-article-api" => Generated::ClientPolicy::BASE_PATHS_PUBLIC_ARTICLE_API
      }.freeze

      module_function

      # The message naming the address given and the right one, or nil for any other answer.
      # @param headers [Hash{String => String}] lower-case names
      # @param operations_base [String] "api", "public-article-api" or "server" (never a wrong address)
      def message(status, headers, base_url, operations_base, service)
        api_path = API_PATHS[operations_base]
        return nil if api_path.nil?

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
