-- The site key's total, for the hop of the shared cache tier that holds the
-- key: the nginx tier's inner hop (deploy/nginx/khountous.conf.template) and
-- the Varnish tier's origin hop (deploy/varnish/origin.conf.template). Every
-- request that goes on from here is sent to the API with the key, so every one
-- is counted here, whatever its kind: a new resource, a refresh (background or
-- not), a revalidation. Loaded when nginx starts (init_by_lua_file, read by
-- the master process, as key.conf is) with Debian's libnginx-mod-http-lua; it
-- defines khountous_key(), which key-budget.conf.template calls for each
-- request, with its settings, and khountous_key_settle(), which the hop's
-- server calls when a request ends.
--
-- It runs at the end of nginx's rewrite phase, before the hop's other limits
-- (the per-reader rate, the cap on requests at the API at once): a request the
-- total refuses never takes their room. A request it let through but that went
-- no further (refused by those limits: their named locations set
-- $khountous_key_unsent; or answered by the hop's memory of the API's 429, a
-- cache HIT there) gives back what it took when it ends: only what is sent is
-- spent. Anything else that went on, answered or not, stays counted.
--
-- The invariant: in any stretch of time as long as the key's period
-- (KHOUNTOUS_KEY_PERIOD), at most the key's quota (KHOUNTOUS_KEY_QUOTA) goes
-- on, and reaches the API, even when requests take up to a window's length to
-- get there (the API counts when they arrive). The period is cut into
-- KHOUNTOUS_KEY_WINDOWS windows of equal length; a stretch as long as the
-- period and a window meets at most windows + 2 of them, so each window allows
-- quota / (windows + 2) requests, rounded down. Each window
-- counts in one shared counter that nginx's workers change atomically (incr);
-- a request whose increment passes its limit takes it back and is refused, so
-- the requests that went on never exceed it.
--
-- Within a window:
-- - a refresh of an answer the cache holds (it carries the cache's
--   If-None-Match: a reader's own never reaches this hop) goes on only while
--   the window's count is below its limit less the reserve
--   (KHOUNTOUS_KEY_RESERVE, in percent of it): past that, the cache serves its
--   copy stale, with its real age, and the reserve stays for new resources;
-- - a new resource goes on while the window has room and the reader
--   (X-Khountous-Reader: an IPv4 address or an IPv6 /64, computed by the tier
--   from the connection) has used less than its share of the window
--   (KHOUNTOUS_READER_SHARE, in percent of the limit, at least 1 request), so
--   that no reader takes more than that share, whatever it asks for.
-- A refusal is 429 with Retry-After (the seconds until the next window) and
-- X-Khountous-Refused: the tier's own refusal, not the API's 429 (which pauses
-- the tier); it is never cached, and a refresh refused leaves the copy served.

function khountous_key() -- luacheck: ignore (a global: the hops call it)
  local counts = ngx.shared.khountous_key
  local var = ngx.var

  local quota = tonumber(var.khountous_key_quota)
  local period = tonumber(var.khountous_key_period)
  local windows = tonumber(var.khountous_key_windows)
  local reserve = tonumber(var.khountous_key_reserve)
  local share = tonumber(var.khountous_reader_share)

  local width = period / windows
  local now = ngx.now()
  local window = math.floor(now / width)
  local limit = math.floor(quota / (windows + 2))
  local refreshLimit = limit - math.ceil(limit * reserve / 100)
  local readerLimit = math.max(1, math.floor(limit * share / 100))
  local retryAfter = math.max(1, math.ceil((window + 1) * width - now))
  -- A window's counters outlive it by one window (a request may still take them back).
  local keep = math.ceil(width * 2) + 1

  -- Takes one from `key` when its count stays within `most`; true when taken.
  local function take(key, most)
    if most < 1 then
      return false
    end
    local count, err = counts:incr(key, 1, 0, keep)
    if not count then
      ngx.log(ngx.ERR, "khountous key budget: ", err)
      return false -- the counter cannot be read (the zone is full): nothing goes on
    end
    if count > most then
      counts:incr(key, -1)
      return false
    end
    return true
  end

  local function refuse(why)
    ngx.status = 429
    ngx.header["Content-Type"] = "application/json; charset=utf-8"
    ngx.header["Cache-Control"] = "no-store"
    ngx.header["Retry-After"] = tostring(retryAfter)
    ngx.header["X-Khountous-Refused"] = why
    ngx.print('{"error":{"code":"rate_limited","message":"This site is busy: its share of the API is in use; retry in '
      .. retryAfter .. ' s."}}')
    return ngx.exit(ngx.HTTP_OK)
  end

  local total = "w:" .. window
  local validator = var.http_if_none_match
  if validator and validator ~= "" then
    if not take(total, refreshLimit) then
      return refuse("refresh")
    end
    var.khountous_key_taken = total
    return
  end

  local reader = var.http_x_khountous_reader
  if not reader or reader == "" then
    return refuse("reader") -- the tier always says who the reader is: without it, nothing goes on
  end
  local mine = "r:" .. window .. ":" .. reader
  if not take(mine, readerLimit) then
    return refuse("reader")
  end
  if not take(total, limit) then
    counts:incr(mine, -1)
    return refuse("total")
  end
  var.khountous_key_taken = total .. " " .. mine
end

-- When a request ends: what it took, given back if it was never sent.
function khountous_key_settle() -- luacheck: ignore (a global: the hops call it)
  local var = ngx.var
  local taken = var.khountous_key_taken
  if not taken or taken == "" then
    return
  end
  if var.khountous_key_unsent ~= "1" and var.upstream_cache_status ~= "HIT" then
    return -- sent: spent
  end
  for key in string.gmatch(taken, "%S+") do
    ngx.shared.khountous_key:incr(key, -1)
  end
end
