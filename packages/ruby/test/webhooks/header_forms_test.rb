# frozen_string_literal: true

require "test_helper"
require "rack"
require "sinatra/base"
require "action_dispatch"
require "stringio"
require_relative "../support/vectors"

# `handle` takes the headers in every form a framework hands over, and reads the body no further
# than the limit.
class HeaderFormsTest < Minitest::Test
  SECRET = "rq_whsec_header_forms"
  BODY = JSON.generate(title: "Cold Brew", slug: "cold-brew", content: "<p>Steep.</p>")

  # An IO that counts the bytes read from it.
  class CountingInput < StringIO
    attr_reader :bytes_read

    def read(length = nil, *rest)
      chunk = super
      @bytes_read = (@bytes_read || 0) + chunk.to_s.bytesize
      chunk
    end
  end

  def receiver(**options)
    Rankquill::Webhooks::Receiver.new(secret: SECRET, **options)
  end

  def rack_env(body = BODY, **extra)
    { "REQUEST_METHOD" => "POST", "PATH_INFO" => "/webhook", "CONTENT_TYPE" => "application/json",
      "CONTENT_LENGTH" => body.bytesize.to_s, "HTTP_X_SERVICE_KEY" => SECRET,
      "HTTP_X_SERVICE_EVENT" => "content.published", "rack.input" => StringIO.new(body) }.merge(extra)
  end

  def assert_accepted(result)
    assert_equal [200, { success: true, url: "/en/resources/blog/cold-brew" }], [result.status, result.body]
  end

  def test_plain_names_in_any_case
    assert_accepted receiver.handle({ "X-SERVICE-KEY" => SECRET, "x-service-event" => "content.published" }, BODY)
    assert_accepted receiver.handle({ "X-Service-Key": SECRET }, BODY)
  end

  def test_a_rack_env
    assert_accepted receiver.handle(rack_env, BODY)
  end

  def test_cgi_names_without_the_http_prefix
    headers = receiver_headers(rack_env)
    assert_equal ["application/json", BODY.bytesize.to_s], headers.values_at("content-type", "content-length")
  end

  def test_arrays_of_values_count_their_first
    assert_accepted receiver.handle({ "x-service-key" => [SECRET, "other"] }, BODY)
    refused = receiver.handle({ "x-service-key" => %w[other] + [SECRET] }, BODY)
    assert_equal 401, refused.status
  end

  def test_rails_request_headers
    request = ActionDispatch::Request.new(rack_env)
    assert_accepted receiver.handle(request.headers, request.raw_post)
    assert_accepted receiver.handle(ActionDispatch::Request.new(rack_env).headers,
                                    ActionDispatch::Request.new(rack_env).body)
  end

  def test_rack_and_sinatra_requests
    assert_accepted receiver.handle(Rack::Request.new(rack_env), BODY)
    assert_accepted receiver.handle(Sinatra::Request.new(rack_env), BODY)
  end

  def test_another_method_answers_405_with_allow_post
    result = receiver.handle(rack_env, BODY, method: "GET")
    assert_equal [405, { "allow" => "POST" }], [result.status, result.headers]
    assert_match(/POST only/, result.body[:error])
    assert_accepted receiver.handle(rack_env, BODY, method: "post")
  end

  def test_the_limit_is_the_contracts
    limits = Vectors.load("receiver-limits.json")
    assert_equal limits.fetch("max_body_bytes"), Rankquill::Webhooks::Receiver::MAX_BODY_BYTES
  end

  def test_a_delivery_as_large_as_the_largest_the_service_sends_is_accepted
    size = Vectors.load("receiver-limits.json").fetch("largest_delivery_bytes")
    article = { title: "Large", slug: "large", content: "" }
    article[:content] = "<p>#{"é" * ((size - JSON.generate(article).bytesize - 7) / 2)}</p>"
    article[:content] += "x" * (size - JSON.generate(article).bytesize)
    body = JSON.generate(article)
    assert_equal size, body.bytesize
    result = receiver.call(rack_env(body))
    assert_equal 200, result[0], result[2].join
  end

  def test_a_declared_length_over_the_limit_is_refused_unread
    input = CountingInput.new("x" * 2048)
    result = receiver(max_body_bytes: 1024).handle(rack_env("x" * 2048, "rack.input" => input), input)
    assert_equal 413, result.status
    assert_match(/larger than 1024 bytes/, result.body[:error])
    assert_nil input.bytes_read
  end

  def test_a_body_without_length_is_read_no_further_than_the_limit
    input = CountingInput.new("x" * 4096)
    result = receiver(max_body_bytes: 1024).handle({ "x-service-key" => SECRET }, input)
    assert_equal 413, result.status
    assert_equal 1025, input.bytes_read
  end

  def test_a_string_over_the_limit_is_refused
    five_mib = "x" * (5 * 1024 * 1024)
    assert_equal 413, receiver.handle({ "x-service-key" => SECRET }, five_mib).status
    assert_equal 413, receiver.call(rack_env(five_mib))[0]
  end

  private

  def receiver_headers(env)
    Rankquill::Webhooks::HeaderBag.normalize(env)
  end
end
