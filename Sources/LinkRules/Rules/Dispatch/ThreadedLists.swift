/// Many short lists, each kept in the order its elements were added, threaded through flat arrays: every element in
/// one array with the next element of its list, and each list's first and last element. A list costs two integers,
/// not an array of its own: the dispatch search keeps nearly as many lists (trie nodes, tie classes) as routes.
struct ThreadedLists<Element> {
    /// Every element, with the next element of the same list by position here (-1 for none).
    private var elements: [(element: Element, next: Int32)] = []
    /// Each list's first and last element, by position in `elements` (-1 for an empty list).
    private var ends: [(first: Int32, last: Int32)] = []

    /// How many lists there are; they are numbered from 0 in the order made.
    var listCount: Int { ends.count }

    /// Room for `elements` elements and `lists` lists, so that building them rarely grows an array.
    mutating func reserve(elements: Int, lists: Int) {
        self.elements.reserveCapacity(elements)
        ends.reserveCapacity(lists)
    }

    /// A new empty list, by its number.
    mutating func makeList() -> Int {
        ends.append((-1, -1))
        return ends.count - 1
    }

    /// Adds an element at the end of list `list`.
    mutating func append(_ element: Element, toList list: Int) {
        precondition(elements.count < Int32.max, "more than 2^31 elements")
        let position = Int32(elements.count)
        elements.append((element, -1))
        if ends[list].last < 0 { ends[list].first = position } else { elements[Int(ends[list].last)].next = position }
        ends[list].last = position
    }

    /// Calls `body` with each element of list `list` in the order added, while it returns true.
    func forEach(inList list: Int, _ body: (Element) -> Bool) {
        var position = ends[list].first
        while position >= 0, body(elements[Int(position)].element) { position = elements[Int(position)].next }
    }

    /// The first element of list `list`, in the order added, for which `predicate` holds.
    func first(inList list: Int, where predicate: (Element) -> Bool) -> Element? {
        var found: Element?
        forEach(inList: list) { element in
            guard predicate(element) else { return true }
            found = element
            return false
        }
        return found
    }
}
