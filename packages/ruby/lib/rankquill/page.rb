# frozen_string_literal: true

module Rankquill
  # One page of a list: Enumerable over its own items, with the pagination figures and the way to
  # the next page. `auto_paging_each` walks every item of this page and the pages after it.
  #
  # @example
  #   page = client.projects.list(limit: 10)
  #   page.map(&:name)             # this page's projects
  #   page.pagination.total        # how many there are in all
  #   page = page.next_page if page.next_page?
  #   client.content.list("proj_123").auto_paging_each { |item| puts item.title }
  #   client.content.list("proj_123").auto_paging_each.first(25) # an Enumerator without a block
  class Page
    include Enumerable

    # @return [Array<BaseModel>] the items of this page
    attr_reader :data
    # @return [Models::Pagination] limit, offset, count, total, has_more
    attr_reader :pagination

    # @param query [Hash{Symbol => Object}] the query that fetched this page: limit, offset, filters
    # @param fetch [#call] answers the page for a query
    # @api private
    def initialize(data, pagination, query, fetch)
      @data = data
      @pagination = pagination
      @query = query
      @fetch = fetch
    end

    # The query of the page after the one `query` fetched, whose figures are `pagination`: the
    # same filters, the page's limit (the server's page size wins over the one asked for) and
    # the offset past its items; nil when no page follows (a page of no items ends the list even
    # when `has_more` says otherwise).
    # @api private
    def self.next_query(query, pagination)
      return nil unless pagination.has_more == true && pagination.count.to_i.positive?

      query.merge({ limit: pagination.limit }.compact, offset: pagination.offset + pagination.count)
    end

    # Yields each item of this page (not the pages after it; see auto_paging_each).
    # @example
    #   client.content.list("proj_123").each { |item| puts item.title } # this page only
    def each(&block)
      return enum_for(:each) { data.size } unless block

      data.each(&block)
      self
    end

    # Whether another page follows.
    # @example
    #   page = client.content.list("proj_123", limit: 10)
    #   page = page.next_page while page.next_page?
    def next_page?
      !Page.next_query(@query, pagination).nil?
    end

    # The page after this one, or nil when this is the last.
    # @example
    #   page = client.content.list("proj_123", limit: 10)
    #   following = page.next_page if page.next_page?
    def next_page
      query = Page.next_query(@query, pagination)
      query && @fetch.call(query)
    end

    # Yields every item of this page and of the pages after it, fetching each page when it is
    # reached. Without a block, answers an Enumerator.
    # @example
    #   client.keywords.list("proj_123").auto_paging_each.select { |keyword| keyword.position }
    def auto_paging_each(&block)
      return enum_for(:auto_paging_each) unless block

      page = self
      while page
        page.data.each(&block)
        page = page.next_page
      end
      self
    end

    def inspect
      "#<#{self.class.name} count=#{data.size} pagination=#{pagination.to_h.inspect}>"
    end
  end
end
