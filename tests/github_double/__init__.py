"""A local GitHub REST double that checks every request and response against GitHub's OpenAPI."""
