/// Thrown while a file is decoded in parts when the text is not laid out as the line scan assumed (the `links`
/// key is not a top-level block mapping key after all, a part holds something else than whole entries): the
/// file is then decoded in one pass.
struct ParallelDecodingUnavailable: Error {}
