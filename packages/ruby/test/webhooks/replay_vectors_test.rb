# frozen_string_literal: true

require "test_helper"
require "tmpdir"
require_relative "../support/vectors"

# replays.json: sequences of deliveries to one receiver, each answered as the vector says, and
# the store holding what it says after the last one; against the memory and the SQLite store.
class ReplayVectorsTest < Minitest::Test
  VECTORS = Vectors.load("replays.json")

  def test_ids_are_remembered_as_long_as_the_contract_says
    assert_operator Rankquill::Webhooks::ReplayGuard::REMEMBER_SECONDS, :>=, VECTORS.fetch("remember_ids_seconds")
  end

  def run_scenario(scenario, store)
    config = VECTORS.fetch("receiver").merge(scenario.fetch("receiver", nil) || {})
    now = nil
    receiver = Rankquill::Webhooks::Receiver.new(
      secret: config["secret"], signing_secret: config["signing_secret"], store: store,
      site_base_url: config["site_base_url"], author_default: config["author_default"],
      remove_on: config["remove_on"], clock: -> { Time.at(now) }
    )
    scenario.fetch("steps").each_with_index do |step, index|
      now = step.fetch("now")
      status, body = receiver.handle(step.dig("request", "headers"), step.dig("request", "body"))
      expected = step.fetch("expected")
      assert_equal [expected["status"], expected["body"]], [status, Vectors.plain(body)], "step #{index + 1}"
    end
    Vectors.assert_store(self, scenario.fetch("expected_store"), store)
  end

  VECTORS.fetch("scenarios").each do |scenario|
    define_method(Vectors.test_name("memory #{scenario["id"]}")) do
      run_scenario(scenario, Rankquill::Webhooks::MemoryStore.new)
    end

    define_method(Vectors.test_name("sqlite #{scenario["id"]}")) do
      Dir.mktmpdir do |dir|
        store = Rankquill::Webhooks::SqliteStore.new(path: File.join(dir, "articles.db"))
        run_scenario(scenario, store)
      ensure
        store&.close
      end
    end
  end

  def test_a_remembered_id_is_forgotten_after_the_period
    store = Rankquill::Webhooks::MemoryStore.new
    store.remember_delivery("msg_1", 1_000)
    assert store.delivery_applied?("msg_1", 1_000 + Rankquill::Webhooks::ReplayGuard::REMEMBER_SECONDS - 1)
    refute store.delivery_applied?("msg_1", 1_000 + Rankquill::Webhooks::ReplayGuard::REMEMBER_SECONDS)
  end

  def test_a_tombstone_lasts_until_the_slug_is_written_or_removed_again_and_a_sqlite_file_keeps_it
    Dir.mktmpdir do |dir|
      path = File.join(dir, "articles.db")
      stores = [-> { Rankquill::Webhooks::MemoryStore.new }, -> { Rankquill::Webhooks::SqliteStore.new(path: path) }]
      stores.each do |open|
        store = open.call
        store.keep_tombstone("cold-brew", 1_000)
        store.keep_tombstone("iced-latte", 1_000)
        if store.is_a?(Rankquill::Webhooks::SqliteStore)
          store.close
          store = open.call
        end
        assert_equal 1_000, store.tombstone("cold-brew")
        store.remove("iced-latte")
        assert_nil store.tombstone("iced-latte")
        store.upsert({ slug: "cold-brew", title: "Cold Brew", received_at: "2026-01-01T00:00:00.000Z" })
        assert_nil store.tombstone("cold-brew")
      ensure
        store.close if store.is_a?(Rankquill::Webhooks::SqliteStore)
      end
    end
  end

  def test_a_timestamp_counts_when_it_is_ascii_digits_up_to_two_to_the_53rd_minus_one
    timestamp = ->(value) { Rankquill::Webhooks::ReplayGuard.timestamp(value) }
    assert_equal 1_767_259_800, timestamp.call("00000001767259800")
    assert_equal (2**53) - 1, timestamp.call(((2**53) - 1).to_s)
    assert_nil timestamp.call((2**53).to_s)
    assert_nil timestamp.call("9" * 5000)
    assert_nil timestamp.call("+1767259800")
    assert_nil timestamp.call("１２")
    assert_nil timestamp.call(nil)
  end
end
