"""The GitHub REST double: a real HTTP server on 127.0.0.1 (random port) with state.

Every request body is validated against the operation's ``requestBody`` schema and every response
against the schema GitHub documents for that status (error bodies without a documented schema against
``basic-error``). Violations are collected in ``problems``; tests assert it stays empty, so a request
GitHub would not accept, or a response GitHub would not send, fails the test.

Behaviour copied from GitHub: review comments must sit on a line inside the diff (else the whole review
is refused with 422); a read-only token gets 403 "Resource not accessible by integration" on writes;
the full diff of a PR with more than 300 files is refused with 406; the file list stops at 3,000; the
contents API answers files of ``contents`` (by commit sha and path) and 404 for any other; the commits
API answers the messages of ``commit_messages`` and 422 "No commit found for SHA" for any other sha.
Every comment records its author: the token's identity (``identity``) for what the client writes, or
another user for comments a test plants (``plant_issue_comment``, ``plant_review_comment``), the way
anyone can comment on a public pull request.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from github_double import schema
from torchreview.diff import parse_diff

OWNER_REPO = r"(?P<owner>[^/]+)/(?P<repo>[^/]+)"
ROUTES: list[tuple[str, str, str]] = [
    ("GET", "/repos/{owner}/{repo}/pulls/{pull_number}", rf"^/repos/{OWNER_REPO}/pulls/(?P<n>\d+)$"),
    ("GET", "/repos/{owner}/{repo}/pulls/{pull_number}/files", rf"^/repos/{OWNER_REPO}/pulls/(?P<n>\d+)/files$"),
    ("POST", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
     rf"^/repos/{OWNER_REPO}/pulls/(?P<n>\d+)/reviews$"),
    ("GET", "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
     rf"^/repos/{OWNER_REPO}/pulls/(?P<n>\d+)/comments$"),
    ("POST", "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
     rf"^/repos/{OWNER_REPO}/pulls/(?P<n>\d+)/comments$"),
    ("PATCH", "/repos/{owner}/{repo}/pulls/comments/{comment_id}",
     rf"^/repos/{OWNER_REPO}/pulls/comments/(?P<id>\d+)$"),
    ("GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments",
     rf"^/repos/{OWNER_REPO}/issues/(?P<n>\d+)/comments$"),
    ("POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments",
     rf"^/repos/{OWNER_REPO}/issues/(?P<n>\d+)/comments$"),
    ("PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}",
     rf"^/repos/{OWNER_REPO}/issues/comments/(?P<id>\d+)$"),
    ("POST", "/repos/{owner}/{repo}/statuses/{sha}", rf"^/repos/{OWNER_REPO}/statuses/(?P<sha>[0-9a-f]{{40}})$"),
    ("GET", "/repos/{owner}/{repo}/contents/{path}", rf"^/repos/{OWNER_REPO}/contents/(?P<path>.+)$"),
    ("GET", "/repos/{owner}/{repo}/commits/{ref}", rf"^/repos/{OWNER_REPO}/commits/(?P<ref>[^/]+)$"),
]
DOCS = "https://docs.github.com/rest"
MAX_LISTED_FILES = 3000
MAX_DIFF_FILES = 300


@dataclass
class PullFile:
    filename: str
    status: str = "modified"
    patch: str | None = None
    previous_filename: str | None = None


@dataclass
class Pull:
    number: int
    head_sha: str
    base_sha: str
    title: str
    body: str
    files: list[PullFile]

    def right_side(self) -> dict[str, frozenset[int]]:
        text = "\n".join(_file_diff(f) for f in self.files if f.patch)
        return {cf.path: cf.right_side for cf in parse_diff(text + "\n")} if text else {}


@dataclass
class Fault:
    """Answer the next ``times`` matching requests with this status instead of handling them."""

    method: str
    path: str  # regex on the path
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    times: int = 1


def _file_diff(f: PullFile) -> str:
    old = f.previous_filename or f.filename
    src = "/dev/null" if f.status == "added" else f"a/{old}"
    dst = "/dev/null" if f.status == "removed" else f"b/{f.filename}"
    return f"diff --git a/{old} b/{f.filename}\n--- {src}\n+++ {dst}\n{(f.patch or '').rstrip(chr(10))}"


class GitHubDouble:
    def __init__(self, repository: str = "octo/trainer") -> None:
        self.repository = repository
        self.pulls: dict[int, Pull] = {}
        self.reviews: list[dict[str, Any]] = []
        self.review_comments: list[dict[str, Any]] = []
        self.issue_comments: list[dict[str, Any]] = []
        self.statuses: list[dict[str, Any]] = []
        self.contents: dict[tuple[str, str], bytes] = {}  # (commit sha, path) -> the file at that commit
        self.commit_messages: dict[str, str] = {}  # commit sha -> its message (GET /commits/{ref})
        self.faults: list[Fault] = []
        self.read_only = False
        self.identity = "github-actions[bot]"  # whom the token belongs to
        self.reject_lines: set[tuple[str, int]] = set()
        self.requests: list[tuple[str, str, int]] = []
        self.problems: list[str] = []
        self._next_id = 1000
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    # -- lifecycle -------------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> GitHubDouble:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def writes(self) -> list[tuple[str, str, int]]:
        return [r for r in self.requests if r[0] != "GET"]

    # -- objects as GitHub sends them --------------------------------------------------------------------

    def _api(self, path: str) -> str:
        return f"{self.url}/repos/{self.repository}{path}"

    def pull_json(self, pr: Pull) -> dict[str, Any]:
        data = schema.rest_component("pull-request")
        data.update(number=pr.number, title=pr.title, body=pr.body, state="open", changed_files=len(pr.files),
                    url=self._api(f"/pulls/{pr.number}"), issue_url=self._api(f"/issues/{pr.number}"),
                    html_url=f"https://github.invalid/{self.repository}/pull/{pr.number}")
        data["head"]["sha"] = pr.head_sha
        data["base"]["sha"] = pr.base_sha
        for side in ("head", "base"):
            data[side]["repo"]["full_name"] = self.repository
        return data

    def file_json(self, f: PullFile) -> dict[str, Any]:
        data = schema.rest_component("diff-entry")
        data.update(filename=f.filename, status=f.status)
        if f.patch is not None:
            data["patch"] = f.patch
        if f.previous_filename:
            data["previous_filename"] = f.previous_filename
        return data

    def _user(self, login: str | None = None) -> dict[str, Any]:
        user = schema.rest_component("simple-user")
        login = login or self.identity
        bot = login.endswith("[bot]")
        user.update(login=login, type="Bot" if bot else "User", id=41898282 if bot else 583231 + len(login))
        return user

    def _review_comment(self, pr: Pull, c: dict[str, Any], review_id: int | None,
                        login: str | None = None) -> dict[str, Any]:
        data = schema.rest_component("pull-request-review-comment")
        cid = self.new_id()
        data.update(id=cid, path=c["path"], body=c["body"], line=c.get("line"), side=c.get("side", "RIGHT"),
                    commit_id=pr.head_sha, original_commit_id=pr.head_sha, pull_request_review_id=review_id,
                    url=self._api(f"/pulls/comments/{cid}"), user=self._user(login))
        if c.get("start_line") is not None:
            data.update(start_line=c["start_line"], start_side=c.get("start_side", "RIGHT"))
        return data

    # -- comments by other users -----------------------------------------------------------------------

    def plant_issue_comment(self, body: str, login: str) -> dict[str, Any]:
        """A comment on the PR's conversation written by ``login``, not by the token."""
        comment = schema.rest_component("issue-comment")
        cid = self.new_id()
        comment.update(id=cid, body=body, url=self._api(f"/issues/comments/{cid}"), user=self._user(login))
        with self._lock:
            self.issue_comments.append(comment)
        return comment

    def plant_review_comment(self, number: int, path: str, line: int, body: str, login: str) -> dict[str, Any]:
        """A review comment on ``path``:``line`` written by ``login``, not by the token."""
        comment = self._review_comment(self.pulls[number], {"path": path, "line": line, "body": body}, None, login)
        with self._lock:
            self.review_comments.append(comment)
        return comment

    # -- handlers: each returns (status, body, headers) --------------------------------------------------------

    def handle(self, method: str, op: str, m: re.Match[str], query: dict[str, list[str]], body: Any,
               accept: str) -> tuple[int, Any, dict[str, str]]:
        key = f"{m.group('owner')}/{m.group('repo')}"
        if key != self.repository:
            return 404, {"message": "Not Found", "documentation_url": DOCS}, {}
        if method != "GET" and self.read_only:
            return 403, {"message": "Resource not accessible by integration", "documentation_url": DOCS}, {}
        pr = self.pulls.get(int(m.group("n"))) if "n" in m.groupdict() else None
        if "n" in m.groupdict() and pr is None:
            return 404, {"message": "Not Found", "documentation_url": DOCS}, {}
        handler: Callable[..., tuple[int, Any, dict[str, str]]] = getattr(self, "_" + method.lower() + "_" +
                                                                          _slug(op))
        return handler(pr=pr, m=m, query=query, body=body, accept=accept)

    def _get_pulls_n(self, pr: Pull, accept: str, **_: Any) -> tuple[int, Any, dict[str, str]]:
        if "diff" in accept:
            if len(pr.files) > MAX_DIFF_FILES:
                return 406, {"message": "Sorry, the diff exceeded the maximum number of files (300). Consider "
                             "using 'List pull requests files' API or locally cloning the repository instead.",
                             "documentation_url": DOCS}, {}
            text = "\n".join(_file_diff(f) for f in pr.files) + "\n"
            return 200, text, {"Content-Type": "application/vnd.github.diff; charset=utf-8"}
        return 200, self.pull_json(pr), {}

    def _get_pulls_n_files(self, pr: Pull, query: dict[str, list[str]], **_: Any) -> tuple[int, Any, dict[str, str]]:
        files = [self.file_json(f) for f in pr.files[:MAX_LISTED_FILES]]
        return self._page(files, query, f"/pulls/{pr.number}/files")

    def _page(self, items: list[Any], query: dict[str, list[str]], path: str) -> tuple[int, Any, dict[str, str]]:
        per_page = min(int(query.get("per_page", ["30"])[0]), 100)
        page = int(query.get("page", ["1"])[0])
        chunk = items[(page - 1) * per_page: page * per_page]
        headers: dict[str, str] = {}
        if page * per_page < len(items):
            headers["Link"] = f'<{self._api(path)}?per_page={per_page}&page={page + 1}>; rel="next"'
        return 200, chunk, headers

    def _post_pulls_n_reviews(self, pr: Pull, body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        comments = body.get("comments") or []
        bad = [c for c in comments if not self._comment_fits(pr, c)]
        if bad:
            return 422, {"message": "Unprocessable Entity", "documentation_url": DOCS,
                         "errors": ["Pull request review thread line must be part of the diff"]}, {}
        review = schema.rest_component("pull-request-review")
        rid = self.new_id()
        review.update(id=rid, body=body.get("body", ""), state="COMMENTED",
                      commit_id=body.get("commit_id", pr.head_sha), user=self._user())
        with self._lock:
            self.reviews.append({"id": rid, "body": body.get("body", ""), "event": body.get("event"),
                                 "comments": len(comments)})
            for c in comments:
                self.review_comments.append(self._review_comment(pr, c, rid))
        return 200, review, {}

    def _comment_fits(self, pr: Pull, c: dict[str, Any]) -> bool:
        if "position" in c:
            self.problems.append("a review comment used the deprecated `position`")
        lines = pr.right_side().get(c["path"], frozenset())
        wanted = range(c.get("start_line") or c["line"], c["line"] + 1)
        return all(n in lines and (c["path"], n) not in self.reject_lines for n in wanted)

    def _get_pulls_n_comments(self, pr: Pull, query: dict[str, list[str]], **_: Any) -> tuple[int, Any, dict[str, str]]:
        return self._page(list(self.review_comments), query, f"/pulls/{pr.number}/comments")

    def _post_pulls_n_comments(self, pr: Pull, body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        if not self._comment_fits(pr, body):
            return 422, {"message": "Validation Failed", "documentation_url": DOCS,
                         "errors": [{"resource": "PullRequestReviewComment", "code": "custom", "field": "line",
                                     "message": "line must be part of the diff"}]}, {}
        comment = self._review_comment(pr, body, None)
        with self._lock:
            self.review_comments.append(comment)
        return 201, comment, {}

    def _patch_pulls_comments_id(self, m: re.Match[str], body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        for c in self.review_comments:
            if c["id"] == int(m.group("id")):
                c["body"] = body["body"]
                return 200, c, {}
        return 404, {"message": "Not Found", "documentation_url": DOCS}, {}

    def _get_issues_n_comments(self, pr: Pull, query: dict[str, list[str]], **_: Any) -> tuple[int, Any, dict[str, str]]:
        return self._page(list(self.issue_comments), query, f"/issues/{pr.number}/comments")

    def _post_issues_n_comments(self, pr: Pull, body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        if len(body["body"]) > 65536:
            return 422, {"message": "Validation Failed", "documentation_url": DOCS,
                         "errors": [{"resource": "IssueComment", "code": "custom", "field": "body",
                                     "message": "body is too long (maximum is 65536 characters)"}]}, {}
        comment = schema.rest_component("issue-comment")
        cid = self.new_id()
        comment.update(id=cid, body=body["body"], url=self._api(f"/issues/comments/{cid}"), user=self._user())
        with self._lock:
            self.issue_comments.append(comment)
        return 201, comment, {}

    def _patch_issues_comments_id(self, m: re.Match[str], body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        if len(body["body"]) > 65536:
            return 422, {"message": "Validation Failed", "documentation_url": DOCS,
                         "errors": [{"resource": "IssueComment", "code": "custom", "field": "body",
                                     "message": "body is too long (maximum is 65536 characters)"}]}, {}
        for c in self.issue_comments:
            if c["id"] == int(m.group("id")):
                c["body"] = body["body"]
                return 200, c, {}
        return 404, {"message": "Not Found", "documentation_url": DOCS}, {}

    def _post_statuses_sha(self, m: re.Match[str], body: dict[str, Any], **_: Any) -> tuple[int, Any, dict[str, str]]:
        status = schema.rest_component("status")
        status.update(id=self.new_id(), state=body["state"], description=body.get("description"),
                      context=body.get("context", "default"), target_url=body.get("target_url"),
                      creator=self._user())
        with self._lock:
            self.statuses.append({"sha": m.group("sha"), **body})
        return 201, status, {}

    # -- HTTP plumbing -----------------------------------------------------------------------------------

    def _get_contents_path(self, m: re.Match[str], query: dict[str, list[str]], **_: Any
                           ) -> tuple[int, Any, dict[str, str]]:
        path = unquote(m.group("path"))
        ref = query.get("ref", [""])[0]
        data = self.contents.get((ref, path))
        if data is None:
            return 404, {"message": "Not Found", "documentation_url": DOCS}, {}
        out = schema.rest_component("content-file")
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        url = self._api(f"/contents/{quote(path)}?ref={ref}")
        out.update(type="file", encoding="base64", size=len(data), name=posixpath.basename(path), path=path,
                   content=base64.encodebytes(data).decode("ascii"), sha=blob, url=url,
                   git_url=self._api(f"/git/blobs/{blob}"), html_url=f"https://github.invalid/{self.repository}/blob/"
                   f"{ref}/{quote(path)}", download_url=f"https://raw.invalid/{self.repository}/{ref}/{quote(path)}")
        out["_links"] = {"self": url, "git": out["git_url"], "html": out["html_url"]}
        return 200, out, {}

    def _get_commits_ref(self, m: re.Match[str], **_: Any) -> tuple[int, Any, dict[str, str]]:
        sha = m.group("ref")
        message = self.commit_messages.get(sha)
        if message is None:
            return 422, {"message": "No commit found for SHA: " + sha, "documentation_url": DOCS}, {}
        out = schema.rest_component("commit")
        out.update(sha=sha, url=self._api(f"/commits/{sha}"), html_url=f"https://github.invalid/{self.repository}/"
                   f"commit/{sha}")
        out["commit"]["message"] = message
        return 200, out, {}

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        double = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                return

            def _serve(self) -> None:
                double.serve(self)

            do_GET = do_POST = do_PATCH = _serve

        return Handler

    def serve(self, h: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(h.path)
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        method = h.command
        status, body, headers = self._respond(method, parts.path, parse_qs(parts.query), raw, h)
        with self._lock:
            self.requests.append((method, parts.path, status))
        if isinstance(body, str):
            data = body.encode("utf-8")
            headers.setdefault("Content-Type", "text/plain; charset=utf-8")
        else:
            data = json.dumps(body).encode("utf-8")
            headers.setdefault("Content-Type", "application/json; charset=utf-8")
        h.send_response(status)
        for k, v in headers.items():
            h.send_header(k, v)
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    def _respond(self, method: str, path: str, query: dict[str, list[str]], raw: bytes,
                 h: BaseHTTPRequestHandler) -> tuple[int, Any, dict[str, str]]:
        if not (h.headers.get("Authorization") or "").strip():
            return 401, {"message": "Requires authentication", "documentation_url": DOCS}, {}
        for route_method, op, pattern in ROUTES:
            m = re.match(pattern, path)
            if route_method != method or not m:
                continue
            spec = schema.resolve(schema.REST_URI, schema.pointer("paths", op, method.lower()))
            body: Any = None
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    self.problems.append(f"{method} {path}: request body is not JSON")
                    return 400, {"message": "Problems parsing JSON", "documentation_url": DOCS}, {}
            if "requestBody" in spec:
                ptr = schema.pointer("paths", op, method.lower(), "requestBody", "content", "application/json",
                                     "schema")
                for problem in schema.errors(schema.REST_URI, ptr, body if body is not None else {}):
                    self.problems.append(f"{method} {path} request: {problem}")
            for fault in self.faults:
                if fault.times > 0 and fault.method == method and re.search(fault.path, path):
                    fault.times -= 1
                    self._check_response(op, method, fault.status, fault.body)
                    return fault.status, fault.body, dict(fault.headers)
            status, out, headers = self.handle(method, op, m, query, body or {}, h.headers.get("Accept") or "")
            if not isinstance(out, str):
                self._check_response(op, method, status, out)
            return status, out, headers
        self.problems.append(f"{method} {path}: not an endpoint this double implements")
        return 404, {"message": "Not Found", "documentation_url": DOCS}, {}

    def _check_response(self, op: str, method: str, status: int, body: Any) -> None:
        responses = schema.resolve(schema.REST_URI, schema.pointer("paths", op, method.lower(), "responses"))
        declared = responses.get(str(status))
        if declared is None and status < 400:
            self.problems.append(f"{method} {op}: status {status} is not documented")
            return
        if declared is not None and "$ref" in declared:
            declared = schema.resolve(schema.REST_URI, declared["$ref"].removeprefix("#"))
        content = (declared or {}).get("content", {}).get("application/json")
        if content is None:
            ptr = "/components/schemas/basic-error"  # undocumented error statuses: GitHub's basic error body
        else:
            ptr = schema.pointer("paths", op, method.lower(), "responses", str(status), "content",
                                 "application/json", "schema")
            if "$ref" in responses[str(status)]:
                ptr = responses[str(status)]["$ref"].removeprefix("#") + schema.pointer(
                    "content", "application/json", "schema")
        for problem in schema.errors(schema.REST_URI, ptr, body):
            self.problems.append(f"{method} {op} response {status}: {problem}")


def _slug(op: str) -> str:
    parts = [p for p in op.split("/")[4:] if p]
    return "_".join({"{pull_number}": "n", "{issue_number}": "n", "{comment_id}": "id",
                     "{sha}": "sha", "{path}": "path", "{ref}": "ref"}.get(p, p) for p in parts)
