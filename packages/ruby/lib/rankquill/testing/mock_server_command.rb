# frozen_string_literal: true

require "json"
require "shellwords"

module Rankquill
  module Testing
    # Finds the `rankquill-mock` command, in this order: the `command:` option or
    # `RANKQUILL_MOCK_COMMAND` (a shell command line), the `@rankquill/mock-server` installed in
    # a `node_modules` folder at or above the working directory, then `npx` with the exact version
    # this gem was released with (MOCK_SERVER_VERSION), never whatever is latest. The last two need
    # Node 22.13 or later on `PATH`.
    #
    # @example
    #   Rankquill::Testing::MockServerCommand.find(["serve", "--port", "0"])
    #   # => ["/usr/bin/node", "/app/node_modules/@rankquill/mock-server/dist/cli.js", "serve", "--port", "0"]
    #
    # @api private
    module MockServerCommand
      MINIMUM_NODE = "22.13.0"
      PACKAGE = "@rankquill/mock-server"
      # The `@rankquill/mock-server` this gem goes with: the version of the repository's
      # `mock-server/package.json`, which mock_server_command_test.rb checks it against.
      MOCK_SERVER_VERSION = "0.1.0"
      INSTALL_HINT = "npm install --save-dev #{PACKAGE}@#{MOCK_SERVER_VERSION}".freeze

      module_function

      # The command line (an argv, run without a shell but for an explicit command) that starts
      # `rankquill-mock` with `arguments`.
      def find(arguments, explicit: nil, directory: Dir.pwd)
        explicit ||= ENV.fetch("RANKQUILL_MOCK_COMMAND", nil)
        if explicit && !explicit.strip.empty?
          return ["/bin/sh", "-c", "exec #{explicit} \"$@\"", "rankquill-mock", *arguments]
        end

        node = node!
        cli = installed_cli(directory)
        return [node, cli, *arguments] if cli

        npx = on_path("npx")
        unless npx
          raise MockServerError, "The Rankquill mock server was not found: no RANKQUILL_MOCK_COMMAND, no #{PACKAGE} " \
                                 "in node_modules, and no npx on PATH. Install it with `#{INSTALL_HINT}`."
        end

        # Pinned: npx runs code from the registry, so never an unreviewed newer release.
        [npx, "--yes", "--package", "#{PACKAGE}@#{MOCK_SERVER_VERSION}", "rankquill-mock", *arguments]
      end

      # The `rankquill-mock` script of the nearest `node_modules/@rankquill/mock-server`, or nil.
      def installed_cli(directory)
        dir = File.expand_path(directory)
        loop do
          manifest = File.join(dir, "node_modules", PACKAGE, "package.json")
          if File.file?(manifest)
            bin = JSON.parse(File.read(manifest)).dig("bin", "rankquill-mock")
            cli = bin && File.join(File.dirname(manifest), bin.delete_prefix("./"))
            return cli if cli && File.file?(cli)
          end
          parent = File.dirname(dir)
          return nil if parent == dir

          dir = parent
        end
      end

      # The `node` on PATH when it is recent enough; a MockServerError that says what to do otherwise.
      def node!
        node = on_path("node")
        unless node
          raise MockServerError, "The Rankquill mock server needs Node #{MINIMUM_NODE} or later, and there is no " \
                                 "`node` on PATH. Install Node (https://nodejs.org), then `#{INSTALL_HINT}`; or set " \
                                 "RANKQUILL_MOCK_COMMAND to a command that starts `rankquill-mock`."
        end

        version = node_version(node)
        return node if version && Gem::Version.new(version) >= Gem::Version.new(MINIMUM_NODE)

        raise MockServerError, "The Rankquill mock server needs Node #{MINIMUM_NODE} or later; `#{node}` is " \
                               "#{version ? "version #{version}" : "not runnable"}. Install a newer Node, or set " \
                               "RANKQUILL_MOCK_COMMAND to a command that starts `rankquill-mock`."
      end

      def node_version(node)
        output = IO.popen([node, "--version"], err: File::NULL, &:read).to_s.strip.delete_prefix("v")
        output.match?(/\A\d+(\.\d+)*\z/) ? output : nil
      rescue SystemCallError
        nil
      end

      def on_path(program)
        ENV.fetch("PATH", "").split(File::PATH_SEPARATOR).each do |folder|
          candidate = File.join(folder.empty? ? "." : folder, program)
          return candidate if File.file?(candidate) && File.executable?(candidate)
        end
        nil
      end
    end
  end
end
