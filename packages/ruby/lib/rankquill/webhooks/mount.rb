# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Rack middleware that hands every request for one path, whatever its method, to another Rack
    # app (the receiver), and the rest to the app it wraps. It lets frameworks whose routes take a
    # block rather than a Rack app (Sinatra) mount the receiver in one line, with the receiver's
    # own 405 for a GET and the body left unread by the framework.
    #
    # @example Sinatra
    #   class Blog < Sinatra::Base
    #     use Rankquill::Webhooks::Mount, "/webhooks/rankquill" => RECEIVER
    #   end
    class Mount
      # @param app [#call] the application behind
      # @param routes [Hash{String => #call}] exact paths and the Rack apps that answer them
      def initialize(app, routes)
        @app = app
        @routes = routes.transform_keys(&:to_s)
      end

      # The Rack interface: the mounted path goes to its receiver, every other one to the app below.
      # @example
      #   use Rankquill::Webhooks::Mount, "/webhooks/rankquill" => receiver
      def call(env)
        endpoint = @routes[env["PATH_INFO"].to_s]
        endpoint ? endpoint.call(env) : @app.call(env)
      end
    end
  end
end
