"""The pages the server writes and the words of every page: the rules pages, the card faces, the string tables."""
