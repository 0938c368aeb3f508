# frozen_string_literal: true

require "rack"
require "rack/handler/webrick"
require "rack/lint"
require "webrick"

# Serves a Rack application over real HTTP with WEBrick on a free port, wrapped in Rack::Lint so
# that any departure from the Rack spec fails the request. `app` may be swapped between requests.
class RackServer
  attr_accessor :app

  def initialize(app)
    @app = app
    @server = WEBrick::HTTPServer.new(Port: 0, BindAddress: "127.0.0.1", Logger: WEBrick::Log.new(File::NULL),
                                      AccessLog: [])
    @server.mount "/", Rack::Handler::WEBrick, Rack::Lint.new(->(env) { @app.call(env) })
    @thread = Thread.new { @server.start }
  end

  def url
    "http://127.0.0.1:#{@server.config[:Port]}"
  end

  # POSTs `body` with `headers` and answers [status, parsed JSON body, response].
  def post(path, body, headers = {})
    uri = URI(url + path)
    response = Net::HTTP.start(uri.host, uri.port) { |http| http.post(uri.path, body, headers) }
    [response.code.to_i, JSON.parse(response.body), response]
  end

  def stop
    @server.shutdown
    @thread.join(5)
  end
end
