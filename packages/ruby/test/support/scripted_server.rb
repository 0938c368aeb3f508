# frozen_string_literal: true

require "socket"

# A local HTTP/1.1 server that answers from a script, one answer per request, for what the
# reference server never does on its own (a 500, a slow answer, a dropped connection). It
# records every request it got. Connections are kept alive as a real server keeps them.
class ScriptedServer
  Request = Struct.new(:verb, :target, :headers, :body, keyword_init: true)

  attr_reader :requests, :connections

  # Each answer: {status:, headers: {}, body: "", delay: seconds, drop: true (close without answering)}.
  def initialize(*answers)
    @answers = answers.flatten
    @requests = []
    @connections = 0
    @mutex = Mutex.new
    @server = TCPServer.new("127.0.0.1", 0)
    @thread = Thread.new { accept_loop }
  end

  def url
    "http://127.0.0.1:#{@server.addr[1]}"
  end

  def stop
    @thread.kill
    @server.close
  end

  private

  def accept_loop
    loop do
      socket = @server.accept
      @mutex.synchronize { @connections += 1 }
      Thread.new(socket) { |client| serve(client) }
    end
  rescue IOError
    nil
  end

  def serve(socket)
    while (request = read_request(socket))
      answer = @mutex.synchronize do
        @requests << request
        @answers.shift || { status: 500, body: "{\"error\":{\"message\":\"no answer scripted\"}}" }
      end
      sleep(answer[:delay]) if answer[:delay]
      break if answer[:drop]

      write_answer(socket, answer)
    end
  rescue IOError, SystemCallError
    nil
  ensure
    socket.close
  end

  def read_request(socket)
    line = socket.gets
    return nil if line.nil?

    method, target = line.split
    headers = {}
    while (header = socket.gets) && header != "\r\n"
      name, value = header.split(":", 2)
      headers[name.downcase] = value.strip
    end
    body = socket.read(headers.fetch("content-length", "0").to_i)
    Request.new(verb: method, target: target, headers: headers, body: body)
  end

  def write_answer(socket, answer)
    body = answer.fetch(:body, "{}")
    headers = { "content-type" => "application/json", "content-length" => body.bytesize.to_s }
    headers.merge!(answer.fetch(:headers, {}))
    socket.write("HTTP/1.1 #{answer.fetch(:status)} X\r\n")
    headers.each { |name, value| socket.write("#{name}: #{value}\r\n") }
    socket.write("\r\n#{body}")
  end
end
