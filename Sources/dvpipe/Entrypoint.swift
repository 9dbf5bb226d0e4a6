import DVPipeCommands

@main
enum Entrypoint {
    static func main() async {
        await DVPipe.start()
    }
}
