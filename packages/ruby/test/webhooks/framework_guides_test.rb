# frozen_string_literal: true

require "test_helper"
require "open3"
require_relative "../support/readme"
require_relative "../support/framework_server"

# The framework guides of the README, each snippet extracted as written and served by `rackup`
# (WEBrick) in its framework (Rack, Sinatra, Rails), checked over HTTP against the spec's answers:
# a real delivery from the reference server, deliveries signed by the Standard Webhooks reference
# libraries, each refusal, and the article page at the answered URL.
class FrameworkGuidesTest < ServerTest
  SECRET = "rq_whsec_framework_guides"
  SIGNER = File.expand_path("../support/standard_webhooks_sign.mjs", __dir__)
  # The minimal Rails application a guide's initializer, controller and routes go into.
  RAILS_APP = <<~RUBY
    require "action_controller/railtie"
    require "rankquill"

    class GuideApp < Rails::Application
      config.root = __dir__
      config.eager_load = false
      config.secret_key_base = "framework-guides" * 4
      config.logger = Logger.new($stderr, level: :warn)
    end
  RUBY

  def test_rack_config_ru
    check_guide(sample("rack"))
  end

  def test_sinatra
    check_guide(sample("sinatra"))
  end

  def test_rails_routes
    check_guide(rails_app(sample("rails initializer"), sample("rails routes")))
  end

  def test_rails_controller
    check_guide(rails_app(sample("rails initializer"), sample("rails controller"), sample("rails controller routes")))
  end

  private

  def sample(name)
    Readme.sample_tested_by("webhooks/framework_guides_test.rb (#{name})")
  end

  def rails_app(initializer, *rest, routes)
    [RAILS_APP, initializer, *rest, "Rails.application.initialize!", routes, "run Rails.application"].join("\n")
  end

  def check_guide(config_ru)
    # The first webhook set on the project answers its signing secret, which the guide reads from ENV.
    signing_secret = client.projects.update(project_id, webhook: { url: "http://127.0.0.1:9/", secret: SECRET })
                           .webhook.signing_secret
    @app = FrameworkServer.new(config_ru, env: { "RANKQUILL_WEBHOOK_SECRET" => SECRET,
                                                 "RANKQUILL_SIGNING_SECRET" => signing_secret })
    @signing_secret = signing_secret
    client.projects.update(project_id, webhook: { url: "#{@app.url}/webhooks/rankquill", secret: SECRET })
    url = check_reference_delivery
    check_article_page(url)
    check_reference_libraries
    check_refusals
  rescue Minitest::Assertion => e
    raise if @app.nil?

    raise Minitest::Assertion, "#{e.message}\nserver output:\n#{@app.log}"
  ensure
    @app&.stop
  end

  def check_reference_delivery
    draft = client.content.list(project_id, status: "draft").first
    client.content.publish(project_id, draft.id)
    server.advance(0) # returns once the delivery has been answered
    @title = draft.title
    published_url = client.content.retrieve(project_id, draft.id).published_url
    assert_equal "/en/resources/blog/#{draft.slug}", published_url, "the reference server's delivery"
    published_url
  end

  def check_article_page(url)
    response = http(Net::HTTP::Get.new(url))
    assert_equal "200", response.code, "the article page"
    assert_equal "text/html; charset=utf-8", response["content-type"]
    assert_equal Rankquill::Webhooks::ArticlePage::CONTENT_SECURITY_POLICY, response["content-security-policy"]
    heading = "<h1>#{Rankquill::Webhooks::ArticlePage.escape(@title)}</h1>"
    assert_includes response.body.force_encoding(Encoding::UTF_8), heading
  end

  def check_reference_libraries
    %w[standardwebhooks svix].each do |library|
      body = article_json("signed-by-#{library}")
      status, answer = post(body, signed_headers(body, library: library))
      assert_equal [200, { "success" => true, "url" => "/en/resources/blog/signed-by-#{library}" }], [status, answer],
                   "a delivery signed by #{library}"
    end
  end

  def check_refusals
    body = article_json("refused")
    assert_equal 401, post(body, signed_headers(body).merge("x-service-key" => "not-it"))[0], "a wrong key"
    assert_equal 401, post(body.sub("Framework", "Tampered"), signed_headers(body))[0], "a tampered body"
    missing = JSON.generate(JSON.parse(body).except("title"))
    status, answer = post(missing, signed_headers(missing))
    assert_equal 400, status, "a missing field"
    assert_match(/title/, answer["error"])
    five_mib = "x" * (5 * 1024 * 1024)
    assert_equal 413, post(five_mib, "x-service-key" => SECRET)[0], "a 5 MiB body"
    get = http(Net::HTTP::Get.new("/webhooks/rankquill"))
    assert_equal %w[405 POST], [get.code, get["allow"]], "a GET"
  end

  def article_json(slug)
    JSON.generate(title: "Framework guide", slug: slug, content: "<p>Served by the guide.</p>")
  end

  def signed_headers(body, library: "standardwebhooks")
    id = "msg_#{Random.hex(8)}"
    timestamp = Time.now.to_i.to_s
    signature, status = Open3.capture2(ENV.fetch("RANKQUILL_NODE", "node"), SIGNER, library, @signing_secret, id,
                                       timestamp, stdin_data: body)
    assert status.success?, "the #{library} signer failed"
    { "x-service-key" => SECRET, "x-service-event" => "content.published", "webhook-id" => id,
      "webhook-timestamp" => timestamp, "webhook-signature" => signature }
  end

  def post(body, headers)
    request = Net::HTTP::Post.new("/webhooks/rankquill", { "content-type" => "application/json" }.merge(headers))
    request.body = body
    response = http(request)
    [response.code.to_i, JSON.parse(response.body)]
  end

  def http(request)
    uri = URI(@app.url)
    Net::HTTP.start(uri.host, uri.port, read_timeout: 30) { |connection| connection.request(request) }
  end
end
