# frozen_string_literal: true

require "minitest/autorun"
require "rankquill"
require_relative "support/scripted_server"

# No client follows a redirect (Net::HTTP never does): one to another origin raises
# CrossOriginRedirectError naming both origins, and that origin (a second local server on another
# port) receives nothing: no key, no webhook secret, no body, no signed link.
class CrossOriginRedirectsTest < Minitest::Test
  API_KEY = "sk_test_redirect_0123456789"
  PUBLIC_KEY = "pk_test_redirect_0123456789"
  WEBHOOK_SECRET = "whk_secret_never_elsewhere_42"
  SIGNATURE = "sig_0123456789abcdef"

  CALLS = {
    "projects.update with a webhook secret" => [WEBHOOK_SECRET, lambda { |base_url|
      Rankquill::Client.new(api_key: API_KEY, base_url: base_url)
                       .projects.update("proj_1", webhook: { url: "https://hooks.example/r", secret: WEBHOOK_SECRET })
    }],
    "projects.list" => [API_KEY, lambda { |base_url|
      Rankquill::Client.new(api_key: API_KEY, base_url: base_url).projects.list
    }],
    "exports.download of a signed link" => [SIGNATURE, lambda { |base_url|
      Rankquill::Client.new(api_key: API_KEY, base_url: base_url)
                       .exports.download("#{base_url}/exports/exp_1/download?expires=9999999999&signature=#{SIGNATURE}")
    }],
    "public articles list" => [PUBLIC_KEY, lambda { |base_url|
      Rankquill::PublicArticles.new(api_key: PUBLIC_KEY, base_url: base_url.sub(%r{/v1\z}, "/public-article-api"))
                               .list
    }]
  }.freeze

  def setup
    @servers = []
  end

  def teardown
    @servers.each(&:stop)
  end

  def start(*answers)
    ScriptedServer.new(*answers).tap { |server| @servers << server }
  end

  CALLS.each do |name, (secret, call)|
    [301, 302, 303, 307, 308].each do |status|
      define_method("test_#{name.tr(" .", "__")}_refuses_a_#{status}_to_another_origin_which_receives_nothing") do
        other = start({ status: 200, body: '{"data": []}' })
        api = start({ status: status, headers: { "location" => "#{other.url}/v1/projects" }, body: "" })
        error = assert_raises(Rankquill::CrossOriginRedirectError) { call.call("#{api.url}/v1") }

        assert_empty other.requests
        # One request, never retried: a redirect answers the same again.
        assert_equal 1, api.requests.size
        assert_includes api.requests.inspect, secret
        assert_equal [status, api.url, other.url], [error.status, error.from_origin, error.to_origin]
        assert_includes error.message,
                        "at #{api.url} answered #{status}, a redirect to another origin, #{other.url}: not followed"
        refute_includes error.message, secret
        refute_includes error.inspect, secret
      end
    end
  end

  def test_a_redirect_within_the_origin_is_the_base_url_error_and_not_followed
    api = start({ status: 307, headers: { "location" => "/elsewhere/v1/projects/proj_1" }, body: "" },
                { status: 200, body: "{}" })
    update = CALLS.fetch("projects.update with a webhook secret")[1]
    error = assert_raises(Rankquill::APIError) { update.call("#{api.url}/v1") }
    assert_equal 307, error.status
    assert_includes error.message, "answered 307 (a redirect to /elsewhere/v1/projects/proj_1)"
    assert_equal ["/v1/projects/proj_1"], api.requests.map(&:target)
  end

  {
    "https://api.example:443/v1/projects" => "https://api.example",
    "//Other.Example:8080/v1/projects" => "http://other.example:8080",
    "http://[::1]:4010/v1/projects" => "http://[::1]:4010"
  }.each_with_index do |(location, origin), index|
    define_method("test_the_other_origin_is_written_as_browsers_write_origins_#{index}") do
      api = start({ status: 308, headers: { "location" => location }, body: "" })
      list = CALLS.fetch("projects.list")[1]
      error = assert_raises(Rankquill::CrossOriginRedirectError) { list.call("#{api.url}/v1") }
      assert_equal origin, error.to_origin
    end
  end
end
