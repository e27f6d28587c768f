#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread with a stack of `bytes`, and waits for it to finish.
///
/// Layout recurses once a tree level, and the caller's thread may have a small stack (a
/// secondary thread's, or Swift concurrency's); this gives ``BoxTree/maximumDepth`` levels
/// room whatever thread calls. Only address space is reserved: pages are touched as used.
func onLargeStack(bytes: Int, _ body: @escaping () -> Void) {
    let context = Unmanaged.passRetained(StackJob(body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, bytes)
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let created = pthread_create(&thread, &attributes, { context in
        Unmanaged<StackJob>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    guard created == 0 else {
        // No thread to be had: run here, and let the depth limit do what it can.
        Unmanaged<StackJob>.fromOpaque(context).takeRetainedValue().body()
        return
    }
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
}

/// The work handed to the thread. Unchecked: the caller blocks in `pthread_join` while the
/// thread runs, so the two never use what the work captures at the same time.
private final class StackJob: @unchecked Sendable {
    let body: () -> Void

    init(body: @escaping () -> Void) { self.body = body }
}
