# frozen_string_literal: true

require "uri"

module Rankquill
  module Internal
    # A redirect that leaves the origin of the request it answers. The client follows no redirect
    # at all (the API itself never sends one); this tells the one that would carry the key, a
    # secret or a body to another host from one within the origin, which says `base_url` is not
    # the API's address.
    module CrossOriginRedirect
      module_function

      # [from origin, to origin] when the answer is a redirect whose `Location` points at another
      # origin (scheme, host and port) than `request_uri`'s, else nil.
      # @param headers [Hash{String => String}] lower-case names
      def origins(request_uri, status, headers)
        location = status.between?(300, 399) ? headers["location"] : nil
        return nil if location.nil?

        from = origin(request_uri)
        to = origin(URI.join(request_uri.to_s, location.strip))
        from.nil? || to.nil? || from == to ? nil : [from, to]
      rescue URI::Error
        nil
      end

      # `scheme://host[:port]` as browsers write it (no default port), or nil for a URI without a host.
      def origin(uri)
        return nil unless uri.is_a?(URI::Generic) && uri.scheme && uri.host && !uri.host.empty?

        scheme = uri.scheme.downcase
        default_port = URI.scheme_list[scheme.upcase]&.default_port
        port = uri.port.nil? || uri.port == default_port ? "" : ":#{uri.port}"
        "#{scheme}://#{uri.host.downcase}#{port}"
      end
    end
  end
end
