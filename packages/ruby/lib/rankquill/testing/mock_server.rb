# frozen_string_literal: true

require "json"
require "securerandom"

module Rankquill
  module Testing
    # The Rankquill mock server for a test suite: `rankquill-mock serve` on a free port with the
    # manual clock and an in-memory store, and on it a fresh account and project of your own, so
    # that tests never see each other's data.
    #
    # The command is found in this order: the `command:` option or `RANKQUILL_MOCK_COMMAND`, the
    # `@rankquill/mock-server` in `node_modules`, then `npx`, pinned to the version this gem goes
    # with (both need Node 22.13+ on `PATH`). The server is stopped by `stop` or when Ruby exits,
    # and stops by itself when this Ruby process is killed (`RANKQUILL_EXIT_ON_STDIN_CLOSE=1`, the
    # variable of `serve --exit-on-stdin-close`).
    #
    # A handle is also a test double for its account (TestDouble): `fail`, `delay` and
    # `disconnect` make chosen operations fail, answer late or lose their answer, and `requests`
    # shows what arrived.
    #
    # @example
    #   mock = Rankquill::Testing::MockServer.start
    #   article = mock.client.content.create(mock.project_id, keyword: "cold brew ratio")
    #   mock.advance(90) # generation is due 80 s after creation
    #   mock.client.content.retrieve(mock.project_id, article.id).status # => "draft"
    #   mock.stop
    class MockServer
      include TestDouble

      # Root address of the server, such as `http://127.0.0.1:41877`.
      attr_reader :url
      # Main API address, ending in `/v1`: the client's `base_url`.
      attr_reader :base_url
      # Public article API address: the `base_url` of Rankquill::PublicArticles.
      attr_reader :content_api_url
      # Main API key of this handle's account.
      attr_reader :api_key
      # Id of this handle's project.
      attr_reader :project_id
      # Public article API key of this handle's project.
      attr_reader :public_api_key

      # Starts a server and makes a fresh account and project on it. `clock:` is "manual" or
      # "real", `arguments:` more `serve` flags, `timeout:` seconds to wait for the server,
      # `project:` fields of the project made for you.
      #
      # @example
      #   mock = Rankquill::Testing::MockServer.start(seed: 7, arguments: ["--log-requests"])
      def self.start(clock: "manual", seed: 42, arguments: [], command: nil, timeout: 30, project: {})
        argv = ["serve", "--port", "0", "--db", ":memory:", "--clock", clock, "--seed", seed.to_s, *arguments]
        process = MockServerProcess.new(MockServerCommand.find(argv, explicit: command))
        ready = process.ready_line(timeout)
        with_account(process, ready.slice("url", "api_base_url", "content_api_url"), project)
      end

      # Makes a fresh account and project on a started server. Use MockServer.start.
      # @example
      #   fresh = mock.reset # answers a handle on a fresh account, through this method
      def self.with_account(process, ready, project)
        api_key = admin(ready.fetch("url"), "admin.accounts.create", { plan: "agencies" }).fetch(:api_key)
        number = SecureRandom.hex(4)
        fields = { name: "Test project #{number}", domain: "test-#{number}.example" }.merge(project)
        created = Rankquill::Client.new(api_key: api_key, base_url: ready.fetch("api_base_url"), max_retries: 0)
                                   .projects.create(**fields)
        new(process, ready, api_key, created.id, created.public_api_key)
      end

      # Calls an admin operation (`/__admin/...`) of the generated table on the server at `url` and
      # answers its JSON (Symbol keys); raises MockServerError for an error answer, naming `call`
      # (the helper's call, by default the operation id) and the server's reason.
      def self.admin(url, operation_id, body = nil, ids: [], query: nil, call: operation_id)
        operation = Generated::OPERATIONS.fetch(operation_id)
        transport = Internal::Transport.new(base_url: url, base: operation.base, auth_headers: {}, timeout: 120,
                                            max_retries: 0, service: "Rankquill mock server")
        JSON.parse(transport.request(operation, ids, query: query, body: body).body.to_s, symbolize_names: true)
      rescue APIError => e
        raise MockServerError, "The mock server answered #{e.status} to #{call}: #{e.message}"
      ensure
        transport&.close
      end
      private_class_method :new, :admin

      def initialize(process, ready, api_key, project_id, public_api_key)
        @process = process
        @ready = ready
        @url, @base_url, @content_api_url = ready.values_at("url", "api_base_url", "content_api_url")
        @api_key = api_key
        @project_id = project_id
        @public_api_key = public_api_key
      end

      # Another fresh account and project on the same server (no new process): give one to each
      # test so that tests run in any order.
      #
      # @example
      #   other = mock.fresh_account(name: "Second site")
      def fresh_account(**project)
        self.class.with_account(@process, @ready, project)
      end

      # A client of the main API with this account's key.
      #
      # @example
      #   mock.client(max_retries: 0).projects.list.data.size # => 1
      def client(**options)
        Rankquill::Client.new(api_key: api_key, base_url: base_url, **options)
      end

      # A client of the public article API with this project's key.
      #
      # @example
      #   mock.public_articles.list(limit: 5).articles
      def public_articles(**options)
        Rankquill::PublicArticles.new(api_key: public_api_key, base_url: content_api_url, **options)
      end

      # Moves the manual clock; everything that falls due in the span (generation, webhook
      # retries, rank checks) runs, in time order, before it returns. Answers the new time.
      #
      # @example
      #   mock.advance(60) # => "2026-01-01T00:01:00.000Z"
      def advance(seconds)
        self.class.send(:admin, url, "admin.clock.advance", { seconds: seconds }).fetch(:now)
      end

      # The server's clock, as an ISO 8601 time.
      #
      # @example
      #   mock.now # => "2026-01-01T00:00:00.000Z"
      def now
        self.class.send(:admin, url, "admin.clock.retrieve").fetch(:now)
      end

      # Restores the server's seeded state, clock included: every account made on it is gone,
      # this handle's and those of other handles of the server too. Answers a handle with a fresh
      # account and project.
      #
      # @example
      #   mock = mock.reset
      def reset
        self.class.send(:admin, url, "admin.reset", {})
        self.class.with_account(@process, @ready, {})
      end

      # Every webhook delivery of this project, newest first, each with its attempts.
      #
      # @example
      #   mock.deliveries.first.event # => "content.published"
      def deliveries
        client.deliveries.list(project_id, limit: 100).auto_paging_each.to_a
      end

      # Stops the server process (every account handle of it). Called at exit too.
      # @example
      #   mock = Rankquill::Testing::MockServer.start
      #   mock.stop
      def stop
        @process.stop
      end

      def inspect
        "#<#{self.class.name} url=#{url.inspect} project_id=#{project_id.inspect}>"
      end
    end
  end
end
