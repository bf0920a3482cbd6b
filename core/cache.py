"""The Redis cache, forgiving: when Redis cannot be reached, the site serves from the database.

Every cached thing here is a copy of something the database holds (stored standings' JSON, a
recompute's progress, rate-limit counters). So a cache error is logged and read as a miss: a read
returns its default, a write is dropped. After an error the cache is skipped for
``SKIP_AFTER_ERROR`` seconds, so a Redis that is down costs one failed connection per process
every few seconds, not one per request (docs/pipeline.md, "When Redis is down";
tests/pipeline/test_faults.py).
"""

from __future__ import annotations

import logging
import threading
import time
from uuid import uuid4

from django.core.cache import cache as django_cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

SKIP_AFTER_ERROR = 5.0  # seconds without trying Redis after a failure


class ForgivingRedisCacheClient(RedisCacheClient):
    """Django's Redis client with every operation answering its 'nothing there' value on error."""

    _down_until = 0.0
    _lock = threading.Lock()

    def get_client(self, key=None, *, write=False):
        """Django's, but one ``redis.Redis`` per connection pool, made once: Django makes a new one
        for every operation, and redis-py 8's constructor costs about 0.2 ms, more than the round
        trip to Redis (a live poll made two). The client is thread-safe: the pool hands each
        command its own connection."""
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_clients_by_pool", {})
        client = clients.get(pool)
        if client is None:  # two threads may both make one: the second is simply kept
            client = clients[pool] = self._client(connection_pool=pool)
        return client

    def _call(self, name, fallback, *args):
        if time.monotonic() < ForgivingRedisCacheClient._down_until:
            return fallback
        try:
            return getattr(super(), name)(*args)
        except (RedisError, OSError) as error:
            with self._lock:
                first = time.monotonic() >= ForgivingRedisCacheClient._down_until
                ForgivingRedisCacheClient._down_until = time.monotonic() + SKIP_AFTER_ERROR
            if first:
                logger.warning("cache unreachable (%s: %s); serving from the database for %.0f s",
                               type(error).__name__, error, SKIP_AFTER_ERROR)
            return fallback

    def add(self, key, value, timeout):
        return self._call("add", False, key, value, timeout)

    def get(self, key, default):
        return self._call("get", default, key, default)

    def set(self, key, value, timeout):
        return self._call("set", None, key, value, timeout)

    def touch(self, key, timeout):
        return self._call("touch", False, key, timeout)

    def delete(self, key):
        return self._call("delete", False, key)

    def get_many(self, keys):
        return self._call("get_many", {}, keys)

    def has_key(self, key):
        return self._call("has_key", False, key)

    def incr(self, key, delta):
        # None, not a number: django-ratelimit then fails open (settings.RATELIMIT_FAIL_OPEN).
        return self._call("incr", None, key, delta)

    def set_many(self, data, timeout):
        return self._call("set_many", [], data, timeout)

    def delete_many(self, keys):
        return self._call("delete_many", None, keys)

    def clear(self):
        return self._call("clear", False)


class ForgivingRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` whose errors are logged, never raised."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ForgivingRedisCacheClient


def reset_error_pause() -> None:
    """Try Redis again at the next operation (tests, after they bring it back)."""
    ForgivingRedisCacheClient._down_until = 0.0


def new_generation(key: str) -> None:
    """Everything kept under ``key``'s generation is stale from now on (the rows it read changed)."""
    django_cache.set(key, uuid4().hex, None)


def current_generation(key: str) -> str:
    """``key``'s generation token, made once when the cache holds none (``add``: two processes
    making it at once agree on the first)."""
    token = django_cache.get(key)
    if token is None:
        token = uuid4().hex
        if not django_cache.add(key, token, None):
            token = django_cache.get(key) or token
    return token
